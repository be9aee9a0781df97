/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register end state of each chip against the references: bring a virtual
 * adapter up through the real HAL at 2.4 GHz ch 6/20, retune to 5 GHz
 * ch 36/20 and ch 149/80, and after each read MAC, BB and RF registers back
 * from the chip model and compare them with the committed expectation
 * (tests/e2e/end_state/<chip>_tables.txt, generated from the reference
 * tables, then <chip>_code.txt, hand-written from the reference drivers'
 * code). Every row names where its value comes from; a mismatch prints
 * register, expected, got and that source.
 *
 * Arguments: groups of three, "<model chip> <tables file> <code files>";
 * meson runs it once per chip of the test list (end_state_<chip>). The
 * code files are one path or several joined by ':', read in that order:
 * a die bonded as another part reads its own rows after those of the
 * chip it is (the RTL8811AU's after the RTL8812AU's).
 *
 * Row format (one per line, '#' starts a comment line):
 *   when space address mask value source...
 * when:  "all", "2g", "5g", or a comma list of "<channel>/<bw>"
 * space: MAC, BB (32-bit register at address), RFA, RFB (RF path A/B)
 * value: the expected bits under mask, or "-": those bits are not checked
 *        here (another test owns them)
 * A later row that applies to the same register and channel takes the
 * bits it masks from every earlier row, as a later write would.
 * A source containing "differs:" marks a deliberate difference from the
 * references: the row holds our value, the note the reference's.
 */
#include <errno.h>
#include <inttypes.h>

#include "e2e_common.h"

enum space { SP_MAC, SP_BB, SP_RFA, SP_RFB };
static const char *const space_name[] = { "MAC", "BB", "RFA", "RFB" };

struct row {
	char when[48];
	enum space sp;
	uint32_t addr, mask, value;
	bool unchecked;     /* value "-" */
	char source[640];
	unsigned line;
	const char *file;
};

struct rows {
	struct row *v;
	size_t n, cap;
};

struct tuning {
	unsigned channel, bw;
};

static const struct tuning tunings[] = { { 6, 20 }, { 36, 20 }, { 149, 80 } };

static bool parse_u32(const char *s, uint32_t *out)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 0);
	if (errno || *end || end == s || v > 0xFFFFFFFFul)
		return false;
	*out = (uint32_t)v;
	return true;
}

static bool parse_space(const char *s, enum space *out)
{
	for (size_t i = 0; i < sizeof space_name / sizeof space_name[0]; i++)
		if (strcmp(s, space_name[i]) == 0) {
			*out = (enum space)i;
			return true;
		}
	return false;
}

/* Append one line's row; false (and why) for a malformed line. */
static bool parse_line(struct rows *rs, char *ln, const char *file,
                       unsigned lineno)
{
	char when[48], sp[8], addr[16], mask[16], value[16];
	int used = 0;
	if (sscanf(ln, "%47s %7s %15s %15s %15s %n", when, sp, addr, mask,
	           value, &used) != 5 || used == 0) {
		printf("# %s:%u: needs when space address mask value source\n",
		       file, lineno);
		return false;
	}
	struct row r = { .line = lineno, .file = file };
	snprintf(r.when, sizeof r.when, "%s", when);
	snprintf(r.source, sizeof r.source, "%s", ln + used);
	r.source[strcspn(r.source, "\r\n")] = '\0';
	r.unchecked = strcmp(value, "-") == 0;
	if (!parse_space(sp, &r.sp) || !parse_u32(addr, &r.addr) ||
	    !parse_u32(mask, &r.mask) ||
	    (!r.unchecked && !parse_u32(value, &r.value)) || !r.source[0] ||
	    r.mask == 0 || (r.value & ~r.mask) ||
	    r.addr > (r.sp >= SP_RFA ? 0xFFu : 0xFFFCu)) {
		printf("# %s:%u: bad row\n", file, lineno);
		return false;
	}
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 256;
		struct row *v = realloc(rs->v, cap * sizeof *v);
		if (!v)
			return false;
		rs->v = v;
		rs->cap = cap;
	}
	rs->v[rs->n++] = r;
	return true;
}

static bool load(struct rows *rs, const char *file)
{
	FILE *f = fopen(file, "r");
	if (!f) {
		printf("# cannot open %s\n", file);
		return false;
	}
	char ln[768];
	unsigned lineno = 0;
	bool ok = true;
	while (fgets(ln, sizeof ln, f)) {
		lineno++;
		if (!strchr(ln, '\n') && !feof(f)) {
			printf("# %s:%u: line too long\n", file, lineno);
			ok = false;
			break;
		}
		char *p = ln + strspn(ln, " \t");
		if (*p == '#' || *p == '\n' || *p == '\0')
			continue;
		if (!parse_line(rs, p, file, lineno))
			ok = false;
	}
	fclose(f);
	return ok;
}

static bool when_applies(const char *when, const struct tuning *t)
{
	if (strcmp(when, "all") == 0)
		return true;
	if (strcmp(when, "2g") == 0)
		return t->channel <= 14;
	if (strcmp(when, "5g") == 0)
		return t->channel > 14;
	char me[16];
	snprintf(me, sizeof me, "%u/%u", t->channel, t->bw);
	size_t n = strlen(me);
	for (const char *p = when; *p;) {
		size_t len = strcspn(p, ",");
		if (len == n && strncmp(p, me, n) == 0)
			return true;
		p += len;
		if (*p == ',')
			p++;
	}
	return false;
}

static uint32_t read_reg(struct vchip *vc, enum space sp, uint32_t addr)
{
	switch (sp) {
	case SP_MAC:
	case SP_BB:
		return vchip_peek32(vc, (uint16_t)addr);
	case SP_RFA:
		return vchip_peek_rf(vc, 0, (uint8_t)addr);
	default:
		return vchip_peek_rf(vc, 1, (uint8_t)addr);
	}
}

struct tally {
	unsigned rows, mismatches, regs, differs, undecided, unchecked;
	unsigned regs_in[4];  /* registers per space */
};

/* Row o's mask in the frame of register addr of the same space: MAC and
 * BB addresses name bytes, so a 32-bit row at 0x440 covers 0x441 too; RF
 * registers are whole words. */
static uint32_t mask_at(const struct row *o, enum space sp, uint32_t addr)
{
	if (o->sp != sp)
		return 0;
	if (sp >= SP_RFA)
		return o->addr == addr ? o->mask : 0;
	int64_t d = (int64_t)o->addr - (int64_t)addr;
	if (d <= -4 || d >= 4)
		return 0;
	uint64_t m = d >= 0 ? (uint64_t)o->mask << (8 * d)
	                    : (uint64_t)o->mask >> (8 * -d);
	return (uint32_t)m;
}

/* The bits of row i no later row for the same register and tuning takes. */
static uint32_t own_bits(const struct rows *rs, size_t i,
                         const struct tuning *t)
{
	const struct row *r = &rs->v[i];
	uint32_t m = r->mask;
	for (size_t j = i + 1; j < rs->n && m; j++) {
		const struct row *o = &rs->v[j];
		if (when_applies(o->when, t))
			m &= ~mask_at(o, r->sp, r->addr);
	}
	return m;
}

/* Is row i the first applicable row with bits left for its register? */
static bool first_for_reg(const struct rows *rs, size_t i,
                          const uint32_t *own)
{
	for (size_t j = 0; j < i; j++)
		if (rs->v[j].sp == rs->v[i].sp &&
		    rs->v[j].addr == rs->v[i].addr && own[j])
			return false;
	return true;
}

/* Compare the model with every row that applies at t; tampered (a row
 * index, or SIZE_MAX) has its expected value flipped, to show the
 * comparison catches a change. */
static struct tally compare(struct vchip *vc, const char *chip,
                            const struct rows *rs,
                            const struct tuning *t, size_t tampered,
                            bool print)
{
	struct tally ty = { 0 };
	uint32_t *own = calloc(rs->n ? rs->n : 1, sizeof *own);
	if (!own)
		return (struct tally){ .mismatches = 1 };
	for (size_t i = 0; i < rs->n; i++)
		own[i] = when_applies(rs->v[i].when, t) ? own_bits(rs, i, t) : 0;
	for (size_t i = 0; i < rs->n; i++) {
		const struct row *r = &rs->v[i];
		uint32_t m = own[i];
		if (!m)
			continue;
		if (r->unchecked) {
			ty.unchecked++;
			continue;
		}
		if (first_for_reg(rs, i, own)) {
			ty.regs++;
			ty.regs_in[r->sp]++;
		}
		ty.rows++;
		if (strstr(r->source, "differs:"))
			ty.differs++;
		if (strstr(r->source, "undecided:"))
			ty.undecided++;
		uint32_t want = r->value & m;
		if (i == tampered)
			want ^= m & (0u - m);  /* lowest owned bit */
		uint32_t got = read_reg(vc, r->sp, r->addr) & m;
		if (got != want) {
			ty.mismatches++;
			if (print)
				printf("# MISMATCH %s ch %u/%u %s 0x%04" PRIX32
				       " mask 0x%" PRIX32 ": expected 0x%"
				       PRIX32 " got 0x%" PRIX32 " (%s:%u %s)\n",
				       chip, t->channel, t->bw,
				       space_name[r->sp],
				       r->addr, m, want, got, r->file, r->line,
				       r->source);
		}
	}
	free(own);
	return ty;
}

static void tune(dvr_device *d, const struct tuning *t)
{
	struct dvr_channel ch = { .channel = (uint16_t)t->channel,
	                          .bw_mhz = (uint16_t)t->bw };
	char what[48];
	snprintf(what, sizeof what, "tune to %u/%u MHz", t->channel, t->bw);
	CHECK_EQ_INT(dvr_set_channel(d, &ch), DVR_OK, what);
}

static void run_chip(const char *chip, const char *tables, const char *code)
{
	struct rows rs = { 0 };
	char what[160];
	snprintf(what, sizeof what, "%s: expectation files parse", chip);
	bool ok = load(&rs, tables);
	char *paths = strdup(code), *save = NULL;
	ok = paths && ok;
	for (char *f = paths ? strtok_r(paths, ":", &save) : NULL; f;
	     f = strtok_r(NULL, ":", &save))
		ok = load(&rs, f) && ok;
	CHECK(ok && rs.n > 0, what);
	if (!ok || rs.n == 0) {
		free(rs.v);
		free(paths);
		return;
	}
	char sel[64], name[32];
	snprintf(name, sizeof name, "endstate-%s", chip);
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s", name, chip);
	dvr_device *d = e2e_start(sel, NULL, NULL, tunings[0].channel);
	struct vchip *vc = d ? vchip_find(name) : NULL;
	snprintf(what, sizeof what, "%s: bring-up and its model", chip);
	CHECK(d && vc, what);
	for (size_t k = 0; vc && k < sizeof tunings / sizeof tunings[0]; k++) {
		const struct tuning *t = &tunings[k];
		if (k > 0)
			tune(d, t);
		struct tally ty = compare(vc, chip, &rs, t, SIZE_MAX, true);
		printf("# %s ch %u/%u: %u registers, %u rows checked, %u "
		       "of them marked as differing from the references "
		       "(%u undecided), %u rows owned by other tests\n",
		       chip, t->channel, t->bw, ty.regs, ty.rows, ty.differs,
		       ty.undecided, ty.unchecked);
		printf("# %s ch %u/%u: MAC %u, BB %u, RF A %u, RF B %u "
		       "registers\n", chip, t->channel, t->bw,
		       ty.regs_in[SP_MAC], ty.regs_in[SP_BB],
		       ty.regs_in[SP_RFA], ty.regs_in[SP_RFB]);
		snprintf(what, sizeof what, "%s ch %u/%u: every expected "
		         "register as the references leave it", chip,
		         t->channel, t->bw);
		CHECK_EQ_INT(ty.mismatches, 0, what);
		if (k == 0) {
			/* The same comparison with one expected bit changed
			 * must see exactly that one register differ. */
			size_t victim = SIZE_MAX;
			for (size_t i = 0; i < rs.n && victim == SIZE_MAX; i++)
				if (!rs.v[i].unchecked &&
				    when_applies(rs.v[i].when, t) &&
				    own_bits(&rs, i, t))
					victim = i;
			struct tally bad = compare(vc, chip, &rs, t, victim, false);
			snprintf(what, sizeof what, "%s: an altered "
			         "expectation is caught", chip);
			CHECK_EQ_INT(bad.mismatches, ty.mismatches + 1, what);
		}
	}
	if (d)
		dvr_close(d);
	free(rs.v);
	free(paths); /* the rows named their files from it */
}

int main(int argc, char **argv)
{
	if (argc < 4 || (argc - 1) % 3) {
		printf("# usage: %s {chip tables.txt code.txt}...\n", argv[0]);
		return 2;
	}
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-endstate-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	for (int i = 1; i + 2 < argc; i += 3)
		run_chip(argv[i], argv[i + 1], argv[i + 2]);
	e2e_air_remove(dir);
	return check_done();
}
