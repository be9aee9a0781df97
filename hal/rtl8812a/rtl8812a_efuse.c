/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * identify: chip version/cut from SYS_CFG, EFUSE (MAC address, RFE type,
 * amplifiers, crystal, BB swing) and 1T1R detection (facts 2.1-2.5).
 */
#include <stdlib.h>
#include <string.h>

#include "hal/common/efuse.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_regs.h"

#define EFUSE_POLL_TRIES 1000u
#define EFUSE_POLL_US 10u

/* Physical address range reachable through REG_EFUSE_CTRL [17:8]. */
#define EFUSE_PHY_ADDR_MAX 1023u

static void efuse_grant(struct dvr_io *io, bool on)
{
	if (on) {
		dvr_w8(io, REG_EFUSE_ACCESS, EFUSE_ACCESS_ON);
		dvr_w16(io, REG_SYS_FUNC_EN,
		        (uint16_t)(dvr_r16(io, REG_SYS_FUNC_EN) | SYS_FUNC_ELDR));
		dvr_w16(io, REG_SYS_CLKR,
		        (uint16_t)(dvr_r16(io, REG_SYS_CLKR) |
		                   SYS_CLK_LOADER_EN | SYS_CLK_ANA8M));
		/* WiFi bank */
		dvr_w32_mask(io, REG_LDO_EFUSE_CTRL, 0x00000300u, 0);
	} else {
		dvr_w8(io, REG_EFUSE_ACCESS, EFUSE_ACCESS_OFF);
	}
}

struct efuse_reader {
	struct dvr_io *io;
	uint32_t ctl;   /* REG_EFUSE_CTRL with address/data/flag cleared */
};

/* One physical byte: address in [17:8], flag clear = read request; the
 * chip sets the flag when [7:0] holds the byte. */
static int efuse_read_phys(void *ctx, unsigned addr, uint8_t *out)
{
	struct efuse_reader *r = ctx;
	int st;

	if (addr > EFUSE_PHY_ADDR_MAX)
		return DVR_E_INVALID;
	dvr_w32(r->io, REG_EFUSE_CTRL, r->ctl | (uint32_t)addr << 8);
	st = dvr_poll32(r->io, REG_EFUSE_CTRL, EFUSE_CTRL_FLAG,
	                EFUSE_CTRL_FLAG, EFUSE_POLL_TRIES, EFUSE_POLL_US);
	if (st != DVR_OK)
		return st;
	*out = (uint8_t)dvr_r32(r->io, REG_EFUSE_CTRL);
	return dvr_io_status(r->io);
}

/* 8812A amplifier flags and table type codes [2.5]. */
static void parse_amplifiers(struct dvr_chip_id *id, const uint8_t *e)
{
	/* An unprogrammed byte (0xFF) means "internal amplifiers". */
	uint8_t pa = e[EFUSE_PA_TYPE] == 0xFF ? 0 : e[EFUSE_PA_TYPE];
	uint8_t lna2 = e[EFUSE_LNA_2G] == 0xFF ? 0 : e[EFUSE_LNA_2G];
	uint8_t lna5 = e[EFUSE_LNA_5G] == 0xFF ? 0 : e[EFUSE_LNA_5G];

	id->ext_pa_2g = (pa & 0x30) == 0x30;
	id->ext_lna_2g = (lna2 & 0x88) == 0x88;
	id->ext_pa_5g = (pa & 0x03) == 0x03;
	id->ext_lna_5g = (lna5 & 0x88) == 0x88;
	id->type_gpa = (uint8_t)((((lna2 >> 6) & 1) << 2) | ((lna2 >> 2) & 1));
	id->type_apa = (uint8_t)((((lna5 >> 6) & 1) << 2) | ((lna5 >> 2) & 1));
	id->type_glna = (uint8_t)((((lna2 >> 4) & 3) << 2) | (lna2 & 3));
	id->type_alna = (uint8_t)((((lna5 >> 4) & 3) << 2) | (lna5 & 3));
}

/* RFE type rules for USB boards [2.5]. */
static uint8_t parse_rfe_type(const struct dvr_chip_id *id, uint8_t opt)
{
	if (opt == 0xFF)
		return 0;
	if (opt & 0x80) {
		if (!id->ext_lna_5g)
			return 4;
		if (!id->ext_pa_5g)
			return 2;
		return (id->ext_lna_2g && id->ext_pa_2g) ? 3 : 0;
	}
	uint8_t t = opt & 0x3F;
	/* Some boards mark type 4 yet have external amplifiers: USB
	 * products behave as type 0 (rtw88 workaround). */
	if (t == 4 && (id->ext_pa_5g || id->ext_pa_2g || id->ext_lna_5g ||
	               id->ext_lna_2g))
		return 0;
	return t;
}

/* Board variant marks past the logical map: antenna count in physical
 * bytes 1019/1018 (1 = a 1T1R board), "wireless mode" in 1021/1020 (2 with
 * two antennas = the 11n-only RTL8812AU-VN). rtw88 rtw8812a_read_usb_type and
 * the vendor hal_ReadUsbType_8812AU read the same bytes. */
static int detect_usb_type(struct efuse_reader *r, bool *is_1t1r,
                           bool *no_vht)
{
	unsigned antenna = 0, wmode = 0;
	uint8_t v;
	int st;

	for (unsigned i = 0; i < 2 && !antenna; i++) {
		if ((st = efuse_read_phys(r, 1019 - i, &v)) != DVR_OK)
			return st;
		antenna = (v >> 5) & 7;
		if (!antenna)
			antenna = (v >> 1) & 7;
	}
	for (unsigned i = 0; i < 2 && !wmode; i++) {
		if ((st = efuse_read_phys(r, 1021 - i, &v)) != DVR_OK)
			return st;
		wmode = (v >> 2) & 3;
	}
	*is_1t1r = antenna == 1;
	*no_vht = antenna == 2 && wmode == 2;
	return DVR_OK;
}

static bool mac_is_valid(const uint8_t *m)
{
	static const uint8_t zero[6], ones[6] = { 0xFF, 0xFF, 0xFF, 0xFF,
	                                          0xFF, 0xFF };
	return memcmp(m, zero, 6) && memcmp(m, ones, 6) && !(m[0] & 1);
}

int rtl8812a_identify(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct rtl8812a_priv *priv = rtl8812a_priv(chip);
	struct dvr_chip_id *id = &chip->id;
	struct efuse_reader rd = { .io = io };
	size_t used = 0;
	int st;

	if (!priv) {
		priv = calloc(1, sizeof *priv);
		if (!priv)
			return DVR_E_NO_MEM;
		chip->priv = priv;
	}
	memset(id, 0, sizeof *id);
	id->sys_cfg = dvr_r32(io, REG_SYS_CFG);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "cannot read SYS_CFG (0xF0)");
	/* 8812A numbers its cuts one lower than the code it means. */
	id->cut = (uint8_t)(((id->sys_cfg >> 12) & 0xF) + 1);
	id->usb3 = chip->usb3;

	efuse_grant(io, true);
	rd.ctl = dvr_r32(io, REG_EFUSE_CTRL) & ~(EFUSE_CTRL_FLAG | 0x0003FFFFu);
	st = dvr_efuse_decode(efuse_read_phys, &rd, RTL8812A_EFUSE_SIZE,
	                      priv->efuse, sizeof priv->efuse, &used);
	if (st == DVR_OK)
		st = detect_usb_type(&rd, &id->is_1t1r, &priv->no_vht);
	efuse_grant(io, false);
	if (st == DVR_OK)
		st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st,
		                     "EFUSE read failed at physical byte %zu", used);

	const uint8_t *e = priv->efuse;
	priv->efuse_blank = used == 0;
	parse_amplifiers(id, e);
	id->rfe_type = parse_rfe_type(id, e[EFUSE_RFE_OPTION]);
	id->crystal_cap = e[EFUSE_XTAL] == 0xFF ? 0x20 : (e[EFUSE_XTAL] & 0x3F);
	priv->bb_swing_2g = e[EFUSE_BB_SWING_2G] == 0xFF ? 0 : e[EFUSE_BB_SWING_2G];
	priv->bb_swing_5g = e[EFUSE_BB_SWING_5G] == 0xFF ? 0 : e[EFUSE_BB_SWING_5G];
	priv->btcoex = (e[EFUSE_RF_BOARD_OPT] & 0xE0) == 0x20;
	if (mac_is_valid(&e[EFUSE_MAC_ADDR])) {
		memcpy(id->mac_addr, &e[EFUSE_MAC_ADDR], 6);
	} else {
		/* Blank or unprogrammed EFUSE: a fixed locally administered
		 * address; monitor mode never uses it on the air. */
		static const uint8_t fallback[6] = { 0x02, 0x00, 0x00,
		                                     0x88, 0x12, 0x00 };
		memcpy(id->mac_addr, fallback, 6);
	}
	return DVR_OK;
}
