/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Radiotap (https://www.radiotap.org): read the TX vector from the header
 * an injector puts in front of a frame, and write the header a monitor
 * capture expects in front of a received frame.
 *
 * Layout reminders: version u8 (0), pad u8, length u16 LE, then one or more
 * u32 LE presence words (bit 31 = another word follows). Fields follow the
 * last presence word in presence-bit order, each aligned to its natural
 * alignment counted from the start of the header. Bit 29 switches the next
 * word back to the radiotap namespace (numbering restarts at 0), bit 30
 * opens a vendor namespace whose data (6-byte header with a skip length,
 * aligned to 2) is skipped whole.
 *
 * Everything here is a pure function over caller buffers: no allocation,
 * no global state.
 */
#include <string.h>

#include <devourer/radiotap.h>

/* Radiotap namespace field indexes used here. */
enum {
	RT_TSFT = 0,
	RT_FLAGS = 1,
	RT_RATE = 2,
	RT_CHANNEL = 3,
	RT_DBM_ANTSIGNAL = 5,
	RT_DBM_TX_POWER = 10,
	RT_ANTENNA = 11,
	RT_TX_FLAGS = 15,
	RT_MCS = 19,
	RT_VHT = 21,
	RT_TLV = 28,
	RT_NEXT_RADIOTAP_NS = 29,
	RT_NEXT_VENDOR_NS = 30,
	RT_EXT = 31,
};

#define RT_BIT(n) (1u << (n))

/* FLAGS field */
#define RT_F_FCS 0x10
#define RT_F_BADFCS 0x40
/* TX_FLAGS field */
#define RT_TXF_NOACK 0x0008
#define RT_TXF_NOSEQNO 0x0010 /* the frame's sequence number is kept */
/* CHANNEL flags */
#define RT_CHAN_CCK 0x0020
#define RT_CHAN_OFDM 0x0040
#define RT_CHAN_2GHZ 0x0080
#define RT_CHAN_5GHZ 0x0100
/* MCS field: known byte, flags byte */
#define RT_MCS_KNOWN_BW 0x01
#define RT_MCS_KNOWN_MCS 0x02
#define RT_MCS_KNOWN_GI 0x04
#define RT_MCS_KNOWN_FEC 0x10
#define RT_MCS_KNOWN_STBC 0x20
#define RT_MCS_BW_MASK 0x03
#define RT_MCS_BW_40 1
#define RT_MCS_SGI 0x04
#define RT_MCS_FEC_LDPC 0x10
#define RT_MCS_STBC_SHIFT 5
#define RT_MCS_STBC_MASK 0x60
/* VHT field: known u16, flags byte */
#define RT_VHT_KNOWN_STBC 0x0001
#define RT_VHT_KNOWN_GI 0x0004
#define RT_VHT_KNOWN_BW 0x0040
#define RT_VHT_FLAG_STBC 0x01
#define RT_VHT_FLAG_SGI 0x04
#define RT_VHT_CODING_LDPC_USER0 0x01

#define RT_HEADER_LEN 8u   /* version, pad, length, first presence word */
#define RT_VENDOR_HDR_LEN 6u /* OUI[3], sub-namespace, skip length u16 */

/* Alignment and size of every radiotap-namespace field whose layout is
 * defined (index 0..27). A zero size means "not defined": such a field
 * cannot be stepped over. */
struct rt_field_layout {
	uint8_t align;
	uint8_t size;
};

static const struct rt_field_layout rt_layout[28] = {
	[0] = {8, 8},   /* TSFT */
	[1] = {1, 1},   /* FLAGS */
	[2] = {1, 1},   /* RATE */
	[3] = {2, 4},   /* CHANNEL: freq u16, flags u16 */
	[4] = {2, 2},   /* FHSS: hop set u8, pattern u8 */
	[5] = {1, 1},   /* DBM_ANTSIGNAL */
	[6] = {1, 1},   /* DBM_ANTNOISE */
	[7] = {2, 2},   /* LOCK_QUALITY */
	[8] = {2, 2},   /* TX_ATTENUATION */
	[9] = {2, 2},   /* DB_TX_ATTENUATION */
	[10] = {1, 1},  /* DBM_TX_POWER */
	[11] = {1, 1},  /* ANTENNA */
	[12] = {1, 1},  /* DB_ANTSIGNAL */
	[13] = {1, 1},  /* DB_ANTNOISE */
	[14] = {2, 2},  /* RX_FLAGS */
	[15] = {2, 2},  /* TX_FLAGS */
	[16] = {1, 1},  /* RTS_RETRIES */
	[17] = {1, 1},  /* DATA_RETRIES */
	[18] = {4, 8},  /* XCHANNEL: flags u32, freq u16, channel u8, power u8 */
	[19] = {1, 3},  /* MCS: known, flags, index */
	[20] = {4, 8},  /* AMPDU_STATUS */
	[21] = {2, 12}, /* VHT */
	[22] = {8, 12}, /* TIMESTAMP */
	[23] = {2, 12}, /* HE */
	[24] = {2, 12}, /* HE_MU */
	[25] = {2, 6},  /* HE_MU_OTHER_USER */
	[26] = {1, 1},  /* ZERO_LEN_PSDU */
	[27] = {2, 4},  /* L_SIG */
};

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
	       ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static size_t align_up(size_t pos, size_t align)
{
	return (pos + align - 1) / align * align;
}

/* Fields the TX parser acts on: if one of these sits behind a field we
 * cannot step over, the header cannot be honoured and is refused. */
static bool rt_field_needed(unsigned idx)
{
	return idx == RT_FLAGS || idx == RT_RATE || idx == RT_DBM_TX_POWER ||
	       idx == RT_TX_FLAGS || idx == RT_MCS || idx == RT_VHT;
}

static bool legacy_rate_valid(uint8_t r500k)
{
	struct dvr_rate r = {.kind = DVR_RATE_LEGACY, .legacy_500k = r500k};
	return dvr_phy_rate_kbps(&r, 20, false) != 0;
}

/* Radiotap VHT bandwidth code -> MHz (0 for a code the spec does not
 * define). Codes 1..3 are 40 MHz and its 20 MHz halves, 4..10 the 80 MHz
 * block and its parts, 11..25 160 MHz and its parts: the PPDU bandwidth is
 * what the code's group names. */
static unsigned vht_bw_code_to_mhz(uint8_t code)
{
	if (code == 0)
		return 20;
	if (code <= 3)
		return 40;
	if (code <= 10)
		return 80;
	if (code <= 25)
		return 160;
	return 0;
}

static int parse_mcs(const uint8_t *f, struct dvr_radiotap_tx *out)
{
	uint8_t known = f[0], flags = f[1], index = f[2];
	struct dvr_tx_params *p = &out->params;

	if (known & RT_MCS_KNOWN_MCS) {
		if (index > 31)
			return DVR_E_INVALID;
		p->rate.kind = DVR_RATE_HT;
		p->rate.mcs = index;
		p->rate.nss = (uint8_t)(index / 8 + 1);
		p->rate.legacy_500k = 0;
		out->has_rate = true;
	}
	if (known & RT_MCS_KNOWN_BW) {
		/* 20L / 20U (codes 2, 3) are 20 MHz PPDUs in one half of a
		 * 40 MHz channel. */
		p->bw_mhz = (flags & RT_MCS_BW_MASK) == RT_MCS_BW_40 ? 40 : 20;
		out->has_bw = true;
	}
	if (known & RT_MCS_KNOWN_GI) {
		p->short_gi = (flags & RT_MCS_SGI) != 0;
		out->has_gi = true;
	}
	if (known & RT_MCS_KNOWN_FEC) {
		p->ldpc = (flags & RT_MCS_FEC_LDPC) != 0;
		out->has_ldpc = true;
	}
	if (known & RT_MCS_KNOWN_STBC) {
		p->stbc = (uint8_t)((flags & RT_MCS_STBC_MASK) >>
		                    RT_MCS_STBC_SHIFT);
		out->has_stbc = true;
	}
	return DVR_OK;
}

static int parse_vht(const uint8_t *f, struct dvr_radiotap_tx *out)
{
	uint16_t known = get_le16(f);
	uint8_t flags = f[2], bw_code = f[3], mcs_nss = f[4], coding = f[8];
	struct dvr_tx_params *p = &out->params;

	if (known & RT_VHT_KNOWN_STBC) {
		p->stbc = (flags & RT_VHT_FLAG_STBC) ? 1 : 0;
		out->has_stbc = true;
	}
	if (known & RT_VHT_KNOWN_GI) {
		p->short_gi = (flags & RT_VHT_FLAG_SGI) != 0;
		out->has_gi = true;
	}
	if (known & RT_VHT_KNOWN_BW) {
		unsigned mhz = vht_bw_code_to_mhz(bw_code);
		if (mhz == 0)
			return DVR_E_INVALID;
		p->bw_mhz = (uint8_t)mhz;
		out->has_bw = true;
	}
	/* User 0 only: an injected frame is single-user. NSS 0 means the
	 * user is absent, so a non-zero MCS next to it is contradictory. */
	unsigned mcs = mcs_nss >> 4, nss = mcs_nss & 0x0f;
	if (nss == 0) {
		if (mcs != 0)
			return DVR_E_INVALID;
		return DVR_OK;
	}
	if (nss > DVR_MAX_CHAINS || mcs > 9)
		return DVR_E_INVALID;
	p->rate.kind = DVR_RATE_VHT;
	p->rate.mcs = (uint8_t)mcs;
	p->rate.nss = (uint8_t)nss;
	p->rate.legacy_500k = 0;
	out->has_rate = true;
	/* Coding has no "known" bit: with user 0 present it is stated. */
	p->ldpc = (coding & RT_VHT_CODING_LDPC_USER0) != 0;
	out->has_ldpc = true;
	return DVR_OK;
}

/* Act on one radiotap-namespace field at f (size from rt_layout). */
static int parse_field(unsigned idx, const uint8_t *f,
                       struct dvr_radiotap_tx *out)
{
	struct dvr_tx_params *p = &out->params;
	switch (idx) {
	case RT_FLAGS:
		out->has_fcs = (f[0] & RT_F_FCS) != 0;
		return DVR_OK;
	case RT_RATE:
		if (!legacy_rate_valid(f[0]))
			return DVR_E_INVALID;
		p->rate.kind = DVR_RATE_LEGACY;
		p->rate.legacy_500k = f[0];
		p->rate.mcs = 0;
		p->rate.nss = 0;
		out->has_rate = true;
		/* A legacy rate has no HT/VHT options: state them off so
		 * HT-flavoured defaults cannot leak into a legacy frame. */
		p->bw_mhz = 20;
		p->short_gi = false;
		p->ldpc = false;
		p->stbc = 0;
		out->has_bw = out->has_gi = out->has_ldpc = out->has_stbc = true;
		return DVR_OK;
	case RT_DBM_TX_POWER:
		p->has_tx_power = true;
		p->tx_power_dbm = (int8_t)f[0];
		out->has_tx_power = true;
		return DVR_OK;
	case RT_TX_FLAGS: {
		uint16_t txf = get_le16(f);
		p->no_ack = (txf & RT_TXF_NOACK) != 0;
		p->keep_seq = (txf & RT_TXF_NOSEQNO) != 0;
		return DVR_OK;
	}
	case RT_MCS:
		return parse_mcs(f, out);
	case RT_VHT:
		return parse_vht(f, out);
	case RT_CHANNEL:
		out->has_channel = true;
		out->channel_freq = get_le16(f);
		return DVR_OK;
	default:
		return DVR_OK; /* the rest: not a TX input */
	}
}

int dvr_radiotap_parse_tx(const uint8_t *buf, size_t len,
                          struct dvr_radiotap_tx *out)
{
	if (!out)
		return DVR_E_INVALID;
	memset(out, 0, sizeof *out);
	if (!buf || len < RT_HEADER_LEN || buf[0] != 0)
		return DVR_E_INVALID;
	size_t hdr_len = get_le16(buf + 2);
	if (hdr_len < RT_HEADER_LEN || hdr_len > len)
		return DVR_E_INVALID;

	/* Count presence words; the fields start after the last one. */
	size_t first_word = 4, n_words = 0, pos = first_word;
	uint32_t w;
	do {
		if (pos + 4 > hdr_len)
			return DVR_E_INVALID;
		w = get_le32(buf + pos);
		pos += 4;
		n_words++;
	} while (w & RT_BIT(RT_EXT));

	size_t data = pos;
	bool in_vendor_ns = false;
	/* Set once a field of unknown size was met: later field positions
	 * are unknown, which is fine unless one of them is needed. */
	bool blind = false;
	unsigned base = 0;

	for (size_t k = 0; k < n_words; k++) {
		w = get_le32(buf + first_word + 4 * k);
		if (!in_vendor_ns) {
			for (unsigned bit = 0; bit < RT_NEXT_RADIOTAP_NS; bit++) {
				if (!(w & RT_BIT(bit)))
					continue;
				unsigned idx = base + bit;
				if (blind) {
					if (rt_field_needed(idx))
						return DVR_E_INVALID;
					continue;
				}
				if (idx >= RT_TLV || rt_layout[idx].size == 0) {
					/* TLVs (28) or a field from a later
					 * spec: nothing after it can be
					 * located. */
					blind = true;
					continue;
				}
				data = align_up(data, rt_layout[idx].align);
				if (data + rt_layout[idx].size > hdr_len)
					return DVR_E_INVALID;
				int rc = parse_field(idx, buf + data, out);
				if (rc != DVR_OK)
					return rc;
				data += rt_layout[idx].size;
			}
		}
		bool to_radiotap = (w & RT_BIT(RT_NEXT_RADIOTAP_NS)) != 0;
		bool to_vendor = (w & RT_BIT(RT_NEXT_VENDOR_NS)) != 0;
		if (to_radiotap && to_vendor)
			return DVR_E_INVALID;
		if (!(w & RT_BIT(RT_EXT)))
			break;
		if (to_radiotap) {
			in_vendor_ns = false;
			base = 0;
		} else if (to_vendor) {
			in_vendor_ns = true;
			base = 0;
			if (!blind) {
				data = align_up(data, 2);
				if (data + RT_VENDOR_HDR_LEN > hdr_len)
					return DVR_E_INVALID;
				size_t skip = get_le16(buf + data + 4);
				data += RT_VENDOR_HDR_LEN + skip;
				if (data > hdr_len)
					return DVR_E_INVALID;
			}
		} else {
			base += 32;
		}
	}
	out->header_len = hdr_len;
	return DVR_OK;
}

void dvr_radiotap_merge(const struct dvr_radiotap_tx *rt,
                        const struct dvr_tx_params *defaults,
                        struct dvr_tx_params *out)
{
	if (!rt || !defaults || !out)
		return;
	struct dvr_tx_params m = *defaults;
	const struct dvr_tx_params *p = &rt->params;
	if (rt->has_rate)
		m.rate = p->rate;
	if (rt->has_bw)
		m.bw_mhz = p->bw_mhz;
	if (rt->has_gi)
		m.short_gi = p->short_gi;
	if (rt->has_ldpc)
		m.ldpc = p->ldpc;
	if (rt->has_stbc)
		m.stbc = p->stbc;
	/* HT/VHT options radiotap gave without a rate of their own (an MCS
	 * or VHT field with no index or user) do not apply to a legacy rate
	 * they end up beside: a legacy PPDU is 20 MHz, long GI, BCC, one
	 * stream, as the RATE field states it. Left in place they would
	 * describe a frame radiotap cannot carry and the chip refuses. */
	if (m.rate.kind == DVR_RATE_LEGACY) {
		if (rt->has_bw)
			m.bw_mhz = 20;
		if (rt->has_gi)
			m.short_gi = false;
		if (rt->has_ldpc)
			m.ldpc = false;
		if (rt->has_stbc)
			m.stbc = 0;
	}
	if (rt->has_tx_power) {
		m.has_tx_power = true;
		m.tx_power_dbm = p->tx_power_dbm;
	}
	/* TX_FLAGS has no "absent" state in the parsed result, so a default
	 * NOACK / keep-sequence applies to every frame and radiotap can
	 * only add to it. */
	m.no_ack = defaults->no_ack || p->no_ack;
	m.keep_seq = defaults->keep_seq || p->keep_seq;
	*out = m;
}

/* ------------------------------------------------------------------ */
/* Building                                                            */
/* ------------------------------------------------------------------ */

/* Bounded writer: records overflow instead of writing past cap. */
struct rt_writer {
	uint8_t *buf;
	size_t cap;
	size_t pos;
	bool overflow;
};

static void w_u8(struct rt_writer *w, uint8_t v)
{
	if (w->pos >= w->cap) {
		w->overflow = true;
		return;
	}
	w->buf[w->pos++] = v;
}

static void w_le16(struct rt_writer *w, uint16_t v)
{
	w_u8(w, (uint8_t)v);
	w_u8(w, (uint8_t)(v >> 8));
}

static void w_le32(struct rt_writer *w, uint32_t v)
{
	w_le16(w, (uint16_t)v);
	w_le16(w, (uint16_t)(v >> 16));
}

static void w_le64(struct rt_writer *w, uint64_t v)
{
	w_le32(w, (uint32_t)v);
	w_le32(w, (uint32_t)(v >> 32));
}

static void w_align(struct rt_writer *w, size_t align)
{
	while (w->pos % align)
		w_u8(w, 0);
}

/* Header start: version, pad, length placeholder, presence words. */
static void w_header(struct rt_writer *w, const uint32_t *words, size_t n)
{
	w_u8(w, 0);
	w_u8(w, 0);
	w_le16(w, 0);
	for (size_t i = 0; i < n; i++)
		w_le32(w, words[i]);
}

static size_t w_finish(struct rt_writer *w)
{
	if (w->overflow || w->pos > UINT16_MAX)
		return 0;
	w->buf[2] = (uint8_t)w->pos;
	w->buf[3] = (uint8_t)(w->pos >> 8);
	return w->pos;
}

/* The radiotap VHT bandwidth code of a whole-PPDU bandwidth. */
static int vht_bw_mhz_to_code(unsigned mhz)
{
	switch (mhz) {
	case 20: return 0;
	case 40: return 1;
	case 80: return 4;
	case 160: return 11;
	default: return -1;
	}
}

static void w_mcs(struct rt_writer *w, uint8_t mcs, unsigned bw_mhz,
                  bool sgi, bool ldpc, uint8_t stbc)
{
	uint8_t flags = 0;
	if (bw_mhz == 40)
		flags |= RT_MCS_BW_40;
	if (sgi)
		flags |= RT_MCS_SGI;
	if (ldpc)
		flags |= RT_MCS_FEC_LDPC;
	flags |= (uint8_t)((stbc << RT_MCS_STBC_SHIFT) & RT_MCS_STBC_MASK);
	w_u8(w, RT_MCS_KNOWN_BW | RT_MCS_KNOWN_MCS | RT_MCS_KNOWN_GI |
	             RT_MCS_KNOWN_FEC | RT_MCS_KNOWN_STBC);
	w_u8(w, flags);
	w_u8(w, mcs);
}

static void w_vht(struct rt_writer *w, const struct dvr_rate *rate,
                  int bw_code, bool sgi, bool ldpc, bool stbc)
{
	w_align(w, 2);
	w_le16(w, RT_VHT_KNOWN_STBC | RT_VHT_KNOWN_GI | RT_VHT_KNOWN_BW);
	w_u8(w, (uint8_t)((stbc ? RT_VHT_FLAG_STBC : 0) |
	                  (sgi ? RT_VHT_FLAG_SGI : 0)));
	w_u8(w, (uint8_t)bw_code);
	w_u8(w, (uint8_t)((rate->mcs << 4) | (rate->nss & 0x0f)));
	w_u8(w, 0); /* users 1..3 absent */
	w_u8(w, 0);
	w_u8(w, 0);
	w_u8(w, ldpc ? RT_VHT_CODING_LDPC_USER0 : 0);
	w_u8(w, 0);   /* group id: single user */
	w_le16(w, 0); /* partial AID */
}

/* Which rate field a rate needs, or -1 when it cannot be described. */
static int rate_field(const struct dvr_rate *rate, unsigned bw_mhz)
{
	switch (rate->kind) {
	case DVR_RATE_LEGACY:
		return rate->legacy_500k ? RT_RATE : -1;
	case DVR_RATE_HT:
		if (rate->mcs > 31 || (bw_mhz != 20 && bw_mhz != 40))
			return -1;
		return RT_MCS;
	case DVR_RATE_VHT:
		if (rate->mcs > 9 || rate->nss < 1 || rate->nss > 8 ||
		    vht_bw_mhz_to_code(bw_mhz) < 0)
			return -1;
		return RT_VHT;
	default:
		return -1;
	}
}

size_t dvr_radiotap_build_tx(const struct dvr_tx_params *params,
                             uint8_t *out, size_t cap)
{
	if (!params || !out)
		return 0;
	/* A TX vector radiotap cannot express yields no header rather than
	 * one describing something else. */
	int rf = rate_field(&params->rate, params->bw_mhz);
	if (rf < 0)
		return 0;
	uint32_t present = RT_BIT(rf) | RT_BIT(RT_TX_FLAGS);
	if (params->has_tx_power)
		present |= RT_BIT(RT_DBM_TX_POWER);

	struct rt_writer w = {.buf = out, .cap = cap};
	w_header(&w, &present, 1);
	if (rf == RT_RATE)
		w_u8(&w, params->rate.legacy_500k);
	if (params->has_tx_power)
		w_u8(&w, (uint8_t)params->tx_power_dbm);
	w_align(&w, 2);
	w_le16(&w, (uint16_t)((params->no_ack ? RT_TXF_NOACK : 0) |
	                      (params->keep_seq ? RT_TXF_NOSEQNO : 0)));
	if (rf == RT_MCS)
		w_mcs(&w, params->rate.mcs, params->bw_mhz, params->short_gi,
		      params->ldpc, params->stbc);
	if (rf == RT_VHT)
		w_vht(&w, &params->rate, vht_bw_mhz_to_code(params->bw_mhz),
		      params->short_gi, params->ldpc, params->stbc != 0);
	return w_finish(&w);
}

size_t dvr_radiotap_build_rx(const struct dvr_rx_info *info, uint8_t *out,
                             size_t cap)
{
	if (!info || !out)
		return 0;
	unsigned chains = info->n_chains;
	if (chains > DVR_MAX_CHAINS)
		chains = DVR_MAX_CHAINS;
	unsigned freq = info->freq_mhz ? info->freq_mhz
	                               : dvr_channel_to_freq(info->channel);
	/* A 5/10 MHz frame is a 20 MHz PPDU on a slower clock and radiotap
	 * says so, as a monitor sniffer does (OpenIPC devourer
	 * docs/narrowband.md, "Radiotap stays 20 MHz"); the true width
	 * stays in dvr_rx_info. */
	unsigned bw = info->bw_mhz > 20 ? info->bw_mhz : 20;
	int rf = rate_field(&info->rate, bw);
	bool sgi = (info->flags & DVR_RX_SHORT_GI) != 0;
	bool ldpc = (info->flags & DVR_RX_LDPC) != 0;
	bool stbc = (info->flags & DVR_RX_STBC) != 0;

	/* Word 0: the frame as a whole. Then, per chain, a word in a fresh
	 * radiotap namespace (bit 29) with that chain's signal and antenna
	 * number: the layout capture tools read per-antenna signal from. */
	uint32_t words[1 + DVR_MAX_CHAINS];
	words[0] = RT_BIT(RT_TSFT) | RT_BIT(RT_FLAGS) | RT_BIT(RT_DBM_ANTSIGNAL);
	if (rf >= 0)
		words[0] |= RT_BIT(rf);
	if (freq)
		words[0] |= RT_BIT(RT_CHANNEL);
	for (unsigned c = 0; c < chains; c++) {
		words[c] |= RT_BIT(RT_NEXT_RADIOTAP_NS) | RT_BIT(RT_EXT);
		words[c + 1] = RT_BIT(RT_DBM_ANTSIGNAL) | RT_BIT(RT_ANTENNA);
	}

	struct rt_writer w = {.buf = out, .cap = cap};
	w_header(&w, words, 1 + chains);
	w_align(&w, 8);
	w_le64(&w, info->tsf_us);
	w_u8(&w, (info->flags & DVR_RX_FCS_BAD) ? RT_F_BADFCS : 0);
	if (rf == RT_RATE)
		w_u8(&w, info->rate.legacy_500k);
	if (freq) {
		uint16_t cflags = freq < 3000 ? RT_CHAN_2GHZ : RT_CHAN_5GHZ;
		if (info->rate.kind == DVR_RATE_LEGACY &&
		    info->rate.legacy_500k != 0) {
			uint8_t r = info->rate.legacy_500k;
			bool cck = r == 2 || r == 4 || r == 11 || r == 22;
			cflags |= cck ? RT_CHAN_CCK : RT_CHAN_OFDM;
		} else {
			cflags |= RT_CHAN_OFDM;
		}
		w_align(&w, 2);
		w_le16(&w, (uint16_t)freq);
		w_le16(&w, cflags);
	}
	w_u8(&w, (uint8_t)info->signal_dbm);
	if (rf == RT_MCS)
		w_mcs(&w, info->rate.mcs, bw, sgi, ldpc, stbc ? 1 : 0);
	if (rf == RT_VHT)
		w_vht(&w, &info->rate, vht_bw_mhz_to_code(bw), sgi, ldpc,
		      stbc);
	for (unsigned c = 0; c < chains; c++) {
		w_u8(&w, (uint8_t)info->rssi_dbm[c]);
		w_u8(&w, (uint8_t)c);
	}
	return w_finish(&w);
}
