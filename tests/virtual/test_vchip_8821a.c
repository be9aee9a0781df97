/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8821AU model, driven through its USB interface with the register
 * sequences of the references, independent of hal/:
 *  - identity: chosen by chip=8821a and by its USB ids (rtw88 rtw8821au.c
 *    rtw_8821au_id_table), USB 2 only; SYS_CFG with the raw cut and
 *    BT_FUNC, chip id 0x05 in 0xFC (OpenIPC devourer src/WiFiDriver.cpp),
 *    BT_FUNC_EN in 0x68 (rtw88 rtw88xxa.c rtw88xxa_read_efuse), read-only;
 *  - power-on with the RTL8821A's own card-enable rows (rtw88
 *    rtw8821a_table.c trans_carddis_to_cardemu_8821a,
 *    trans_cardemu_to_act_8821a), which have no HPON LDO row;
 *  - firmware: rtw8821a_fw.bin through the 8051 download window (rtw88
 *    mac.c download_firmware_legacy) boots; a flipped byte in its reset
 *    vector or a dropped block is refused;
 *  - RF: path A through LSSI and its read-back; path B absent (1T1R);
 *    IQK and the thermal meter on path A; a two-stream rate not sent;
 *  - EFUSE: the RTL8821AU layout (rtw88 rtw88xxa.h struct
 *    rtw8821au_efuse: VID/PID/MAC at 0x100/0x102/0x107), one path of TX
 *    power, the blank board;
 *  - the antenna switch shared with BT (rtw88 rtw8821a.c
 *    rtw8821a_coex_cfg_ant_switch): on a private air, with an RTL8812AU
 *    partner, the 8821A neither sends nor hears while the BT side drives
 *    the switch.
 */
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

#define DEADLINE_NS 6000000000ull

static const char *fwdir;
static char air[64];

static struct vchip *make(const char *name, const char *opts, bool on_air)
{
	struct vchip_config c = {.name = name, .no_air = !on_air,
	                         .air_dir = on_air ? air : NULL};
	char err[160] = "";
	if (!CHECK(vchip_config_parse(&c, opts, err, sizeof err) == 0, opts))
		return NULL;
	struct vchip *vc = NULL;
	if (vchip_create(&c, &vc) != 0)
		return NULL;
	return vc;
}

/* The RTL8821A card-enable flow, USB rows, in order (rtw88
 * rtw8821a_table.c), then CR and BB/RF on path A as rtw88 rtw88xxa.c
 * rtw88xxau_init_power_on / rtw88xxa_power_on enable them. */
static bool power_on(struct vchip *vc)
{
	vh_set8(vc, 0x05, 0, 0x88);
	vh_set8(vc, 0x4A, 0, 0x01);
	vh_set8(vc, 0x05, 0, 0x18);
	vh_set8(vc, 0x20, 0x01, 0);
	vh_set8(vc, 0x67, 0, 0x10);
	vh_set8(vc, 0x00, 0, 0x20);
	vh_set8(vc, 0x05, 0, 0x1C);
	if (!vh_poll(vc, 0x06, 1, 0x02, 0x02, 50000))
		return false;
	vh_set8(vc, 0x06, 0x01, 0);
	vh_set8(vc, 0x05, 0, 0x80);
	vh_set8(vc, 0x05, 0, 0x18);
	vh_set8(vc, 0x05, 0x01, 0);
	if (!vh_poll(vc, 0x05, 1, 0x01, 0x00, 50000))
		return false;
	vh_set8(vc, 0x4F, 0x01, 0);
	vh_set8(vc, 0x67, 0x30, 0);
	vh_set8(vc, 0x25, 0, 0x40);
	vh_set8(vc, 0x49, 0x02, 0);
	vh_set8(vc, 0x63, 0x02, 0);
	vh_set8(vc, 0x62, 0, 0x02);
	vh_set8(vc, 0x58, 0x01, 0);
	vh_set8(vc, 0x5A, 0x02, 0);
	vh_w8(vc, 0x2E, 0x82);
	vh_set8(vc, 0x10, 0x40, 0);
	vh_write(vc, 0x100, 0x063F | 0xC0, 2);
	vh_set8(vc, 0x02, 0x03, 0);
	vh_w8(vc, 0x1F, 0x07);
	vh_w32(vc, 0xC00, 0x07);
	return (vh_read(vc, 0x100, 1) & 0xFF) != 0xEA;
}

static uint8_t *load_fw(size_t *len)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/rtw8821a_fw.bin", fwdir);
	return vh_load(path, len);
}

/* Download and boot code; whether the 8051 reports ready. */
static bool boot(struct vchip *vc, const uint8_t *code, size_t len,
                 long skip_block, int *chk)
{
	int c = vh_fw_download(vc, code, len, skip_block);
	if (chk)
		*chk = c;
	return (vh_fw_boot(vc) & 0xC6) == 0xC6;
}

static struct vchip *station(const char *name, const char *opts,
                             unsigned center)
{
	struct vchip *vc = make(name, opts, true);
	if (!vc)
		return NULL;
	size_t len;
	uint8_t *fw = load_fw(&len);
	bool ok = fw && power_on(vc) && boot(vc, fw + 32, len - 32, -1, NULL);
	free(fw);
	if (!ok) {
		vchip_destroy(vc);
		return NULL;
	}
	vh_tune(vc, center, 20, 0);
	vh_monitor(vc, false);
	return vc;
}

static void test_identity(void)
{
	CHECK(vchip_personality_by_name("8821a") == &vchip_personality_8821a,
	      "chip=8821a names the RTL8821AU");
	static const uint16_t ids[][2] = {
		{0x2357, 0x0120}, {0x0BDA, 0x0821},
		{0x0846, 0x9052}, {0x7392, 0xA811}, {0x2001, 0x3314},
	};
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		char what[64];
		snprintf(what, sizeof what, "%04x:%04x is an RTL8821AU",
		         ids[i][0], ids[i][1]);
		CHECK(vchip_personality_by_usb_id(ids[i][0], ids[i][1]) ==
		              &vchip_personality_8821a,
		      what);
	}
	/* the RTL8811AU ids name the 8812A die bonded so first; chip=
	 * picks this one */
	CHECK(vchip_personality_by_usb_id(0x0BDA, 0x0811) ==
	              &vchip_personality_8811a,
	      "0bda:0811 is first the one-path RTL8812A die");
	struct vchip_config c = {.name = "a-id-usb", .no_air = true,
	                         .vid = 0x2357, .pid = 0x0120};
	struct vchip *vc = NULL;
	CHECK_EQ_INT(vchip_create(&c, &vc), 0, "create by 2357:0120");
	if (vc) {
		CHECK(strcmp(vchip_chip_name(vc), "8821a") == 0,
		      "the Archer T2U Plus id picks the 8821a model");
		vchip_destroy(vc);
	}

	vc = make("a-id", "chip=8821a", false);
	if (!CHECK(vc != NULL, "create chip=8821a"))
		return;
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK(d.vid == 0x2357 && d.pid == 0x0120,
	      "default identity: TP-Link Archer T2U Plus");
	CHECK(!d.usb3_capable, "USB 2 only");
	uint32_t cfg = vh_read(vc, 0xF0, 4);
	CHECK_EQ_HEX((cfg >> 12) & 0xF, 1, "CHIP_VER 1: B-cut, read raw");
	CHECK(cfg & (1u << 16), "SYS_CFG BT_FUNC set: a WLAN/BT combo");
	CHECK(!(cfg & (1u << 23)), "MP chip");
	CHECK_EQ_HEX(cfg & 0xFF, 0x35, "low byte as on the 8812A");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x05, "chip id 0x05 (8812A: 0x04)");
	CHECK(vh_read(vc, 0x68, 4) & (1u << 18),
	      "0x68 BT_FUNC_EN: an 8821AU, not an 8811AU");
	vh_w32(vc, 0xF0, 0);
	vh_w8(vc, 0xFC, 0x04);
	CHECK(vh_read(vc, 0xF0, 4) == cfg && vh_read(vc, 0xFC, 1) == 0x05,
	      "SYS_CFG and chip id are read-only");
	vchip_destroy(vc);

	/* the die without its BT half: an RTL8811AU */
	vc = make("a-id-11", "chip=8821a,board=8811au", false);
	if (CHECK(vc != NULL, "create board=8811au")) {
		CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x05,
		             "8811au: the 8821A die's chip id");
		CHECK(!(vh_read(vc, 0x68, 4) & (1u << 18)),
		      "8811au: 0x68 BT_FUNC_EN clear");
		vchip_destroy(vc);
	}

	/* the 8812A keeps its identity */
	vc = make("a-id-12", "chip=8812a", false);
	if (vc) {
		CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x04, "8812A chip id 0x04");
		CHECK(!(vh_read(vc, 0x68, 4) & (1u << 18)) &&
		              !(vh_read(vc, 0xF0, 4) & (1u << 16)),
		      "8812A: no BT function");
		struct vchip_antenna a;
		CHECK(!vchip_peek_antenna(vc, &a), "8812A: no shared antenna");
		vchip_destroy(vc);
	}
}

static void test_power_on(void)
{
	struct vchip *vc = make("a-pwr", "chip=8821a", false);
	if (!vc)
		return;
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off after plug-in");
	CHECK_EQ_HEX(vh_read(vc, 0x23, 1) & 0x10, 0,
	             "HPON LDO not asleep (the 8821A flow has no 0x23 row)");
	CHECK_EQ_HEX(vh_read(vc, 0x06, 1) & 0x02, 0,
	             "power not ready while WL suspend is set");
	CHECK(power_on(vc), "the 8821A card-enable rows bring the MAC up");
	CHECK(vh_has_milestone(vc, VCHIP_M_POWER_ON), "power-on milestone");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 2), 0x06FF, "CR holds its enables");
	vchip_destroy(vc);
}

static void test_firmware(void)
{
	size_t len;
	uint8_t *fw = load_fw(&len);
	if (!CHECK(fw != NULL, "rtw8821a_fw.bin present"))
		return;
	CHECK(fw[0] == 0x01 && fw[1] == 0x21,
	      "header signature 0x2101 (the 8821 family)");
	CHECK_EQ_INT((size_t)(fw[12] | fw[13] << 8), len - 32,
	             "header RAM-code size = file - 32");
	struct vchip *vc = make("a-fw", "chip=8821a", false);
	if (!vc || !CHECK(power_on(vc), "powered")) {
		vchip_destroy(vc);
		free(fw);
		return;
	}
	uint8_t *code = fw + 32;
	size_t n = len - 32;
	int chk = 0;

	/* reset vector's opcode flipped: not an LJMP */
	code[0] ^= 0x01;
	CHECK(!boot(vc, code, n, -1, &chk), "flipped LJMP opcode: no boot");
	CHECK(chk, "... though the transfer itself was whole");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_FAILED), "failure observed");
	code[0] ^= 0x01;
	/* jump target flipped past the image */
	code[1] ^= 0x80;
	CHECK(!boot(vc, code, n, -1, NULL), "jump past the image: no boot");
	code[1] ^= 0x80;
	/* a block left out */
	CHECK(!boot(vc, code, n, 20, &chk), "a dropped block: no boot");
	CHECK(!chk, "... and the checksum report says so");
	/* the genuine image */
	CHECK(boot(vc, code, n, -1, &chk), "rtw8821a_fw.bin boots");
	CHECK(chk, "checksum report good");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "boot milestone");
	/* the 8051 held in reset stops it */
	vh_set8(vc, 0x03, 0, 0x04);
	CHECK_EQ_HEX(vh_read(vc, 0x80, 1) & 0x40, 0,
	             "8051 in reset: not ready");
	vchip_destroy(vc);
	free(fw);
}

static void test_rf(void)
{
	struct vchip *vc = make("a-rf", "chip=8821a,thermal=33", false);
	if (!vc || !CHECK(power_on(vc), "powered")) {
		vchip_destroy(vc);
		return;
	}
	vh_rf_write(vc, 0, 0x56, 0x51CF2);
	CHECK_EQ_HEX(vh_rf_read(vc, 0, 0x56), 0x51CF2,
	             "path A: LSSI write reads back (PI)");
	vh_w32(vc, 0xC00, 0x03);
	CHECK_EQ_HEX(vh_rf_read(vc, 0, 0x56), 0x51CF2,
	             "path A: and through the SI read-back");
	vh_w32(vc, 0xC00, 0x07);
	/* path B: the 8812A's enable and port do nothing here */
	vh_w8(vc, 0x76, 0x07);
	vh_w32(vc, 0xE00, 0x07);
	vh_rf_write(vc, 1, 0x56, 0x12345);
	CHECK_EQ_HEX(vh_rf_read(vc, 1, 0x56), 0, "path B reads back nothing");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 1, 0x56), 0, "path B holds nothing");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x56), 0x51CF2,
	             "path A kept its value");
	/* channel from path A alone */
	vh_tune(vc, 155, 80, 1);
	struct vchip_tuning t;
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 155 && t.bw_mhz == 80 && t.band_5g,
	      "tuned by path A: 5 GHz, 80 MHz at 155");
	/* thermal meter on path A */
	vh_rf_write(vc, 0, 0x42, 3u << 16);
	CHECK_EQ_INT((vh_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 33,
	             "RF 0x42 reads the die's 33");
	/* IQK on page C1: path A answers, path B has no engine */
	uint32_t cca = vh_read(vc, 0x82C, 4);
	vh_w32(vc, 0x82C, cca | 0x80000000u);
	vh_w32(vc, 0xC80, 0x18008C10);
	vh_w32(vc, 0xC84, 0x38008C10);
	vh_w32(vc, 0xCB8, 0x00100000);
	vh_w32(vc, 0x980, 0xFA000000);
	vh_w32(vc, 0x980, 0xF8000000);
	vh_w32(vc, 0xCB8, 0);
	uint32_t rep = vh_read(vc, 0xD00, 4);
	CHECK((rep & (1u << 10)) && !(rep & (1u << 12)),
	      "TX IQK one-shot done and good on path A (rtw88 rtw8821a.c)");
	vh_w32(vc, 0x82C, cca);
	struct vchip_iqk k;
	CHECK(vchip_peek_iqk(vc, 0, &k) && k.shots >= 1, "path A ran a shot");
	CHECK(!vchip_peek_iqk(vc, 1, &k), "no path B IQK engine");
	vchip_destroy(vc);
}

/* Table milestones: rows of the rtw88 8821A tables (rtw8821a_table.c),
 * MAC as bytes, path A's RF through LSSI in table order; path B has no
 * table to wait for. */
static void test_tables(void)
{
	struct vchip *vc = make("a-tbl", "chip=8821a", false);
	if (!vc || !CHECK(power_on(vc), "powered")) {
		vchip_destroy(vc);
		return;
	}
	static const uint16_t mac[][2] = {
		{0x433, 0x01}, {0x43F, 0x07}, {0x4C9, 0xFF}, {0x525, 0x4F},
		{0x63E, 0x0E}, {0x642, 0x40}, {0x66E, 0x05}, {0x70B, 0x87},
		{0x718, 0x40},
	};
	for (size_t i = 0; i < sizeof mac / sizeof mac[0]; i++)
		vh_w8(vc, mac[i][0], (uint8_t)mac[i][1]);
	CHECK(!vh_has_milestone(vc, VCHIP_M_MAC_TABLE),
	      "the 8812A's 0x43F value is not the 8821A table");
	vh_w8(vc, 0x43F, 0x08);
	CHECK(vh_has_milestone(vc, VCHIP_M_MAC_TABLE),
	      "the 8821A MAC table's rows: MAC milestone");
	static const uint32_t rf[][2] = {
		{0x18, 0x1712A}, {0x89, 0x0D480}, {0x3F, 0xA0018},
		{0x3B, 0x38027}, {0x3A, 0x0014C}, {0x3C, 0x82000},
		{0x3B, 0x5F913}, {0x3A, 0x00244}, {0x3C, 0x42000},
		{0xEF, 0x00040}, {0x1F, 0x00064}, {0x3B, 0x7824B},
		{0x34, 0x09DF0}, {0xED, 0x00010}, {0x44, 0x0006C},
		{0xED, 0x00000}, {0x51, 0x00C31}, {0x74, 0x51400},
		{0x45, 0x10140}, {0x18, 0x1F12A},
	};
	for (size_t i = 0; i < sizeof rf / sizeof rf[0]; i++)
		vh_rf_write(vc, 0, (uint8_t)rf[i][0], rf[i][1]);
	CHECK(!vh_has_milestone(vc, VCHIP_M_RF_TABLE),
	      "not before the table's last row");
	vh_rf_write(vc, 0, 0x18, 0x1712A);
	CHECK(vh_has_milestone(vc, VCHIP_M_RF_TABLE),
	      "path A's table alone: RF milestone");
	vchip_destroy(vc);
}

/* The physical EFUSE through the 0x30 port (rtw88 efuse.c
 * rtw_dump_physical_efuse_map), decoded as rtw_dump_logical_efuse_map. */
static bool read_efuse(struct vchip *vc, uint8_t *log)
{
	uint8_t ph[512];
	vh_w8(vc, 0xCF, 0x69);
	vh_set8(vc, 0x35, 0, 0x03);
	for (unsigned a = 0; a < 512; a++) {
		vh_w32(vc, 0x30, (uint32_t)a << 8);
		if (!vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u, 100000))
			return false;
		ph[a] = (uint8_t)vh_read(vc, 0x30, 1);
	}
	vh_w8(vc, 0xCF, 0x00);
	memset(log, 0xFF, 512);
	size_t o = 0;
	while (o < 511 && ph[o] != 0xFF) {
		uint8_t h1 = ph[o++];
		unsigned blk, wen;
		if ((h1 & 0x1F) == 0x0F) {
			uint8_t h2 = ph[o++];
			blk = ((h2 & 0xF0u) >> 1) | (h1 >> 5);
			wen = h2 & 0x0F;
		} else {
			blk = h1 >> 4;
			wen = h1 & 0x0F;
		}
		for (unsigned w = 0; w < 4 && o + 1 < 512; w++) {
			if (wen & (1u << w))
				continue;
			if (blk * 8 + w * 2 + 1 < 512) {
				log[blk * 8 + w * 2] = ph[o];
				log[blk * 8 + w * 2 + 1] = ph[o + 1];
			}
			o += 2;
		}
	}
	return true;
}

static bool all_ff(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != 0xFF)
			return false;
	return true;
}

static void test_efuse(void)
{
	uint8_t m[512], m12[512];
	struct vchip *vc = make("a-efuse", "chip=8821a", false);
	struct vchip *v12 = make("a-efuse", "chip=8812a", false);
	if (!vc || !v12 || !CHECK(read_efuse(vc, m), "8821A EFUSE read") ||
	    !CHECK(read_efuse(v12, m12), "8812A EFUSE read"))
		goto out;
	CHECK(m[0] == 0x29 && m[1] == 0x81, "RTL id 0x8129");
	CHECK(m[0x100] == 0x57 && m[0x101] == 0x23 && m[0x102] == 0x20 &&
	              m[0x103] == 0x01,
	      "VID 2357 / PID 0120 at 0x100 / 0x102");
	CHECK_MEM(&m[0x107], &m12[0xD7], 6,
	          "MAC at 0x107 (the 8812A has the same station's at 0xD7)");
	CHECK(m[0x107] == 0x02, "locally administered unicast MAC");
	CHECK(all_ff(&m[0xD0], 0x30), "nothing at the 8812AU's 0xD0 block");
	CHECK(m[0x10] == 0x2D && m[0x1B] == 0x24 && m[0x22] == 0x2A &&
	              m[0x30] == 0x04,
	      "path A TX power: the vendor's 8821A defaults");
	CHECK(all_ff(&m[0x10 + 42], 42), "no path B TX power");
	CHECK_EQ_HEX(m[0xBA], 0x18, "thermal calibration");
	CHECK_EQ_HEX(m[0xB9], 0x20, "crystal cap");
	CHECK(m[0xBC] == 0 && m[0xBD] == 0 && m[0xBF] == 0,
	      "internal PA and LNA");
	CHECK_EQ_HEX(m[0xC1] & 0xE0, 0x20, "board option: BT coexistence");
	CHECK_EQ_HEX(m[0xC3] & 0x01, 0x01, "antenna shared with BT");
	vchip_destroy(vc);
	vc = make("a-efuse-b", "chip=8821a,board=blank", false);
	if (vc && CHECK(read_efuse(vc, m), "blank board EFUSE read")) {
		CHECK(all_ff(&m[0x10], 42) && m[0xBA] == 0xFF,
		      "blank board: no TX power, no thermal calibration");
		CHECK(m[0] == 0x29 && m[0x100] == 0x57,
		      "blank board: id and USB block still there");
	}
	if (vc && power_on(vc)) {
		vh_rf_write(vc, 0, 0x42, 3u << 16);
		CHECK_EQ_INT((vh_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 0x18,
		             "blank board's meter reads the vendor default");
	}
	vchip_destroy(vc);
	vc = make("a-efuse-11", "chip=8821a,board=8811au", false);
	if (vc && CHECK(read_efuse(vc, m), "8811au board EFUSE read")) {
		CHECK(m[0xC1] == 0x00 && m[0xC3] == 0x00,
		      "8811au: no BT coexistence, no antenna shared with BT");
		CHECK(m[0x10] == 0x2D && m[0xBA] == 0x18,
		      "8811au: the TX power and thermal calibration as t2u-plus");
	}
	struct vchip_config c = {.name = "a-efuse-x", .no_air = true};
	char err[160] = "";
	struct vchip *bad = NULL;
	int rc = vchip_config_parse(&c, "chip=8821a,board=graded", err,
	                            sizeof err);
	if (rc == 0)
		rc = vchip_create(&c, &bad);
	CHECK(rc != 0, "an 8812A board name is not an 8821A board");
	vchip_destroy(bad);
out:
	vchip_destroy(vc);
	vchip_destroy(v12);
}

/* Wait until rx delivers a packet carrying frame f (its first 24
 * bytes), reading bulk IN; its PHY status into phy (NULL: not wanted,
 * else 32 bytes, zero when the chip gave none). */
static bool receives_phy(struct vchip *rx, const uint8_t *f, uint8_t *phy)
{
	static uint8_t buf[32768];
	uint64_t end = air_now_ns() + DEADLINE_NS;
	do {
		int r = vchip_bulk_in(rx, 0x81, buf, sizeof buf, 100);
		size_t p = 0;
		while (r > 0 && p + 24 <= (size_t)r) {
			uint32_t dw0 = buf[p] | buf[p + 1] << 8 |
			               (uint32_t)buf[p + 2] << 16 |
			               (uint32_t)buf[p + 3] << 24;
			size_t drv = ((dw0 >> 16) & 0xF) * 8, len = dw0 & 0x3FFF;
			if (p + 24 + drv + len > (size_t)r)
				break;
			if (len >= 24 &&
			    memcmp(buf + p + 24 + drv, f, 24) == 0) {
				if (phy) {
					memset(phy, 0, 32);
					if (dw0 & (1u << 26) && drv >= 32)
						memcpy(phy, buf + p + 24, 32);
				}
				return true;
			}
			p = (p + 24 + drv + len + 7) & ~(size_t)7;
		}
	} while (air_now_ns() < end);
	return false;
}

static bool receives(struct vchip *rx, const uint8_t *f)
{
	return receives_phy(rx, f, NULL);
}

static bool send_at(struct vchip *tx, const uint8_t *f, size_t n,
                    uint8_t rate)
{
	static uint8_t x[512];
	size_t l = vh_txframe(x, f, n, rate, 0x12, 0);
	return vchip_bulk_out(tx, 0x02, x, l, 2000) == (int)l;
}

static bool send(struct vchip *tx, const uint8_t *f, size_t n)
{
	static uint8_t x[512];
	size_t l = vh_txframe(x, f, n, 0x04, 0x12, 0);
	return vchip_bulk_out(tx, 0x02, x, l, 2000) == (int)l;
}

/* rx hears one more frame, and drops it unheard by its host */
static bool deaf_to(struct vchip *tx, struct vchip *rx, const uint8_t *f,
                    size_t n)
{
	struct vchip_stats s0, s1;
	vchip_get_stats(rx, &s0);
	if (!send(tx, f, n))
		return false;
	uint64_t end = air_now_ns() + DEADLINE_NS;
	do {
		vchip_get_stats(rx, &s1);
		sched_yield();
	} while (s1.rx_heard == s0.rx_heard && air_now_ns() < end);
	return s1.rx_heard > s0.rx_heard && s1.rx_filtered > s0.rx_filtered &&
	       s1.rx_delivered == s0.rx_delivered;
}

/* tx takes the transfer but puts nothing on the air */
static bool mute(struct vchip *tx, const uint8_t *f, size_t n)
{
	struct vchip_stats s0, s1;
	vchip_get_stats(tx, &s0);
	if (!send(tx, f, n))
		return false;
	uint64_t end = air_now_ns() + DEADLINE_NS;
	do {
		vchip_get_stats(tx, &s1);
		sched_yield();
	} while (s1.tx_not_ready == s0.tx_not_ready && air_now_ns() < end);
	return s1.tx_not_ready > s0.tx_not_ready && s1.tx_aired == s0.tx_aired;
}

static void give_to_bt(struct vchip *vc)
{
	/* rtw88 rtw8821a_coex_cfg_ant_switch, COEX_SET_ANT_WOFF */
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) & ~(3u << 23));
	vh_set8(vc, 0x765, 0x18, 0);
	vh_w8(vc, 0xCB4, 0x77);
}

static void give_to_wlan(struct vchip *vc, uint8_t pin_fn)
{
	/* COEX_SET_ANT_WONLY (pin function 0x77, level 1) or, for a
	 * shared antenna, COEX_SET_ANT_2G (the PTA's pin function 0x66) */
	uint32_t led = vh_read(vc, 0x4C, 4);
	vh_w32(vc, 0x4C, (led & ~(1u << 23)) | 1u << 24);
	vh_set8(vc, 0x765, 0, 0x18);
	vh_w8(vc, 0xCB4, pin_fn);
	uint32_t rfe = vh_read(vc, 0xCB4, 4);
	vh_w32(vc, 0xCB4, (rfe & ~0x30000000u) | 0x10000000u);
}

static void test_antenna(void)
{
	struct vchip *fresh = make("a-ant0", "chip=8821a", false);
	struct vchip_antenna a;
	if (fresh) {
		CHECK(vchip_peek_antenna(fresh, &a) && !a.wlan &&
		              a.ctrl == VCHIP_ANT_BY_BT,
		      "out of reset the BT side drives the switch");
		vchip_destroy(fresh);
	}
	struct vchip *p = vh_station("a-8812", air, "chip=8812a,seed=1", fwdir,
	                             36);
	struct vchip *vc = station("a-8821", "chip=8821a,seed=2,rssi=-52", 36);
	if (!CHECK(p != NULL, "8812A partner up") ||
	    !CHECK(vc != NULL, "8821A station up"))
		goto out;
	CHECK(vchip_peek_antenna(vc, &a) && a.wlan && a.ctrl != VCHIP_ANT_BY_BT,
	      "the card-enable flow (0x4F bit 0) gave WLAN the switch");
	uint8_t f[60];
	vh_frame(f, sizeof f, 1);
	CHECK(send(p, f, sizeof f) && receives(vc, f),
	      "with the antenna the 8821A hears the 8812A");
	vh_frame(f, sizeof f, 2);
	CHECK(send(vc, f, sizeof f) && receives(p, f),
	      "and the 8812A hears the 8821A");

	give_to_bt(vc);
	CHECK(vchip_peek_antenna(vc, &a) && !a.wlan &&
	              a.ctrl == VCHIP_ANT_BY_BT,
	      "WOFF phase: BT drives the switch");
	vh_frame(f, sizeof f, 3);
	CHECK(deaf_to(p, vc, f, sizeof f), "without it the 8821A is deaf");
	struct vchip_stats p0, p1;
	vchip_get_stats(p, &p0);
	vh_frame(f, sizeof f, 4);
	CHECK(mute(vc, f, sizeof f), "and mute: its frame is not aired");

	give_to_wlan(vc, 0x77);
	CHECK(vchip_peek_antenna(vc, &a) && a.wlan &&
	              a.ctrl == VCHIP_ANT_BY_BB && a.level == 1,
	      "WLAN-only phase: the WLAN baseband drives it, level 1");
	vh_frame(f, sizeof f, 5);
	CHECK(send(vc, f, sizeof f) && receives(p, f),
	      "given back: the 8821A is heard");
	vchip_get_stats(p, &p1);
	CHECK_EQ_INT(p1.rx_heard - p0.rx_heard, 1,
	             "the muted frame never reached the air");
	vh_frame(f, sizeof f, 6);
	CHECK(send(p, f, sizeof f) && receives(vc, f), "and hears again");

	give_to_wlan(vc, 0x66);
	CHECK(vchip_peek_antenna(vc, &a) && a.wlan &&
	              a.ctrl == VCHIP_ANT_BY_PTA,
	      "shared-antenna 2.4 GHz phase: the PTA's grant, BT idle");
	vh_frame(f, sizeof f, 7);
	CHECK(send(p, f, sizeof f) && receives(vc, f), "heard under the PTA");

	/* the MAC drives the switch (0x4C bit 23) */
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) | 1u << 23);
	CHECK(vchip_peek_antenna(vc, &a) && a.wlan &&
	              a.ctrl == VCHIP_ANT_BY_MAC,
	      "DPDT_SEL_EN: the MAC drives it");

	/* a two-stream rate is not something a 1T1R chip sends */
	struct vchip_stats s0, s1;
	vchip_get_stats(vc, &s0);
	static uint8_t x[512];
	vh_frame(f, sizeof f, 8);
	size_t l = vh_txframe(x, f, sizeof f, 0x14, 0x12, 0); /* HT MCS8 */
	CHECK(vchip_bulk_out(vc, 0x02, x, l, 2000) == (int)l, "MCS8 taken");
	uint64_t end = air_now_ns() + DEADLINE_NS;
	do {
		vchip_get_stats(vc, &s1);
		sched_yield();
	} while (s1.tx_bad_desc == s0.tx_bad_desc && air_now_ns() < end);
	CHECK(s1.tx_bad_desc > s0.tx_bad_desc && s1.tx_aired == s0.tx_aired,
	      "MCS8 (two streams) refused by the 1T1R descriptor check");

	/* CCK on channel 6: the AGC report decodes, by rtw88's 8821A
	 * formula (rtw8821a.c rtw8821a_cck_rx_pwr), to the signal */
	vh_tune(p, 6, 20, 0);
	vh_tune(vc, 6, 20, 0);
	uint8_t phy[32];
	vh_frame(f, sizeof f, 9);
	if (CHECK(send_at(p, f, sizeof f, 0x00) && receives_phy(vc, f, phy),
	          "1 Mbit/s on channel 6 received")) {
		static const int gain[6] = {15, -1, -17, 0, -30, -38};
		unsigned lna = phy[5] >> 5, vga = phy[5] & 0x1F;
		CHECK(lna <= 5 && lna != 3, "an LNA index the 8821A reports");
		int pw = lna <= 5 ? gain[lna] - 2 * (int)vga : 0;
		CHECK(pw >= -53 && pw <= -51, "CCK power -52 dBm +- 1");
	}
out:
	vchip_destroy(vc);
	vchip_destroy(p);
}

int main(void)
{
	test_identity();
	test_power_on();
	test_rf();
	test_tables();
	test_efuse();
	fwdir = check_firmware_dir();
	char probe[1100];
	snprintf(probe, sizeof probe, "%s/rtw8821a_fw.bin", fwdir ? fwdir : "");
	if (!fwdir || access(probe, R_OK) != 0) {
		printf("# firmware absent: boot and air tests skipped\n");
		return check_done();
	}
	test_firmware();
	if (CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir")) {
		test_antenna();
		vh_rm_air_dir(air);
	}
	return check_done();
}
