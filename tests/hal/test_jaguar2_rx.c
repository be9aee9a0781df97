/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar2 "jgr2" PHY status on packets built here byte by byte (PHY
 * status offsets of rtw88 rtw8822b.h GET_PHY_STAT_P0/P1_*, vendor
 * phydm_phystatus.h phy_sts_rpt_jgr2_type1): the OFDM page shared with
 * Jaguar3 and, where it names no sub-channel, the receiver's bandwidth
 * from its RF-mode field (byte 15 [5:4]); the CCK page through the chip's
 * hook, on one path. A chip of the family is modelled by its data alone.
 */
#include "../check.h"
#include "../le_bytes.h"
#include "hal/jaguar2/jaguar2.h"

static int pwdb_cck(const struct dvr_chip *chip, const uint8_t *ps)
{
	(void)chip;
	return halmac_rx_dbm(ps[1]);
}

static const struct jaguar2_data j2 = { .cck_rx_power = pwdb_cck };
static const struct dvr_chip_info info = {
	.name = "jaguar2 test chip",
	.rf_paths = 2,
	.max_rx_pkt = 24 + 3 + 32 + 11454,
	.family_data = &j2,
};

static void packet(uint8_t *p, unsigned len, uint8_t rate)
{
	memset(p, 0, 24 + 32 + len);
	put32(p, (len & 0x3FFF) | 4u << 16 | 1u << 26);   /* 32-byte PHYST */
	put32(p + 12, rate);
}

int main(void)
{
	struct dvr_chip chip = { .info = &info };
	struct dvr_rx_pkt pk;
	uint8_t buf[512];
	uint8_t *ps = buf + 24;

	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };

	/* VHT 1SS MCS3 (code 0x2F), ht_rxsc 0, RF mode 2: the receiver was
	 * at 80 MHz whatever the channel set now says. */
	packet(buf, 100, 0x2F);
	ps[0] = 0x01;
	ps[1] = 80;                  /* -30 dBm */
	ps[2] = 75;                  /* -35 dBm */
	ps[5] = 0x00;                /* no sub-channel named */
	ps[15] = 2u << 4;            /* RF mode: 80 MHz */
	ps[24] = 40;                 /* SNR A 20 dB */
	CHECK_EQ_INT(jaguar2_parse_rx_pkt(&chip, buf, sizeof buf, &pk), DVR_OK,
	             "OFDM page parsed");
	CHECK_EQ_INT(pk.info.bw_mhz, 80, "no sub-channel: RF mode 80 MHz");
	CHECK(pk.info.n_chains == 2 && pk.info.rssi_dbm[0] == -30 &&
	      pk.info.rssi_dbm[1] == -35 && pk.info.signal_dbm == -30,
	      "power per path, the best is the signal");
	CHECK_EQ_INT(pk.info.snr_db[0], 20, "SNR in 0.5 dB units");
	ps[15] = 1u << 4;
	jaguar2_parse_rx_pkt(&chip, buf, sizeof buf, &pk);
	CHECK_EQ_INT(pk.info.bw_mhz, 40, "RF mode 1: 40 MHz");
	ps[5] = 0x90;                /* ht_rxsc 9: a 40 MHz sub-channel */
	ps[15] = 2u << 4;
	jaguar2_parse_rx_pkt(&chip, buf, sizeof buf, &pk);
	CHECK_EQ_INT(pk.info.bw_mhz, 40, "a named sub-channel wins");

	/* CCK 11M (code 0x03): the chip's hook, one path. */
	packet(buf, 60, 0x03);
	ps[0] = 0x00;
	ps[1] = 50;                  /* -60 dBm */
	ps[2] = 90;                  /* what a 2-path page would say */
	CHECK_EQ_INT(jaguar2_parse_rx_pkt(&chip, buf, sizeof buf, &pk), DVR_OK,
	             "CCK page parsed");
	CHECK(pk.info.n_chains == 1 && pk.info.signal_dbm == -60 &&
	      pk.info.rssi_dbm[0] == -60 && pk.info.bw_mhz == 20,
	      "CCK: the chip's power, one path, 20 MHz");

	/* A page that does not fit the modulation gives no power. */
	ps[0] = 0x01;
	jaguar2_parse_rx_pkt(&chip, buf, sizeof buf, &pk);
	CHECK(pk.info.n_chains == 0 && pk.info.signal_dbm == 0,
	      "OFDM page on a CCK frame: no power claimed");
	return check_done();
}
