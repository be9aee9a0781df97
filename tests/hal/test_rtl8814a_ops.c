/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814A: what is pure in its HAL, with values worked out from rtw88
 * rtw8814a.c, rtw8814a_table.c, mac.c and tx.h/rx.h (and the vendor
 * rtl8814a_xmit.h / rtl8814a_recv.h descriptor fields): chip data and the
 * queue layout, the table walk by RFE option, the 0x1998 TX AGC word,
 * TX power through it on a fake register file, both RFE options' TX
 * power tables loading whole, the RX descriptor + PHY
 * status of four chains, the TX descriptor and the TX checks (3 streams
 * accepted, 4 refused, CCK refused on 5 GHz), the CCK gain table.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../check.h"
#include "../le_bytes.h"
#include "fake_regs.h"
#include "hal/common/bb_table_row.h"
#include "hal/common/phy_table.h"
#include "hal/common/txpwr_limit.h"
#include "hal/rtl8814a/rtl8814a.h"
#include "hal/rtl8814a/rtl8814a_tables.h"

extern const struct dvr_chip_info rtl8814a_info;

static void chip_data(void)
{
	const struct dvr_chip_info *ci = &rtl8814a_info;
	struct dvr_chip chip = { .info = ci };
	struct halmac_fifo f;

	CHECK_EQ_INT(ci->n_usb_ids, 14, "every rtw88 8814AU id");
	CHECK(dvr_hal_find_chip(0x0bda, 0x8813) == ci, "0bda:8813");
	CHECK(dvr_hal_find_chip(0x2357, 0x0106) == ci, "TP-Link 2357:0106");
	CHECK_EQ_INT(ci->rf_paths, 4, "4 RF paths");
	CHECK_EQ_INT(ci->max_nss, 3, "3 spatial streams");
	CHECK_EQ_INT(ci->tx_desc_len, 40, "40-byte TX descriptor");
	CHECK_EQ_INT(ci->fw_3081->cfg.desc_len, 40, "firmware chunks too");
	CHECK_EQ_INT(ci->fw_3081->cfg.signature, 0x8814, "signature");
	/* rtw88 mac.c rtw_set_trx_fifo_info with txff 2038 pages, 8 driver
	 * pages: boundary 2038 - 52, H2C queue 2026, FW TX buffer 2034 */
	for (unsigned n = 2; n <= 4; n++) {
		CHECK_EQ_INT(halmac_fifo_layout(&chip, n, &f), DVR_OK, "layout");
		CHECK_EQ_INT(f.boundary, 1986, "boundary page 1986");
		CHECK_EQ_INT(f.h2cq_page, 2026, "H2C queue at 2026");
		CHECK_EQ_INT(f.fw_txbuf_page, 2034, "FW TX buffer at 2034");
		CHECK_EQ_INT(f.pub_pages, 2038 - 52 - 4 * 32, "public pages");
		/* MGMT on HIGH: the first bulk OUT whatever the count */
		CHECK_EQ_INT(ci->ops->tx_out_index(&chip, n), 0, "MGMT on ep0");
	}
	CHECK_EQ_HEX(dvr_queue_rxff_boundary(ci->queues), 0x5AFF,
	             "RX FIFO boundary 23552 - 256 - 1");
	/* the PQ maps computed from rqpn_table_8814a */
	CHECK_EQ_HEX(dvr_queue_pq_map(ci->queues, 2) & 0xFFF0, 0xFAF0,
	             "PQ map, 2 endpoints");
	CHECK_EQ_HEX(dvr_queue_pq_map(ci->queues, 3) & 0xFFF0, 0xF5B0,
	             "PQ map, 3 endpoints");
	CHECK_EQ_HEX(dvr_queue_pq_map(ci->queues, 4) & 0xFFF0, 0xF5B0,
	             "PQ map, 4 endpoints: EXTRA unused");
	const struct halmac_data *d = ci->generation_data;
	CHECK_EQ_HEX(d->rf.window[2], 0x3800, "RF C read window");
	CHECK_EQ_HEX(d->rf.window[3], 0x3C00, "RF D read window");
	CHECK_EQ_HEX(d->rf.lssi[2], 0x1890, "RF C LSSI");
	CHECK_EQ_HEX(d->rf.lssi[3], 0x1A90, "RF D LSSI");
	CHECK_EQ_INT(rtl8814a_rfe_from_efuse(0xFF), 1, "blank RFE -> 1 (USB)");
	CHECK_EQ_INT(rtl8814a_rfe_from_efuse(0x81), 1, "bit 7 -> 1");
	CHECK_EQ_INT(rtl8814a_rfe_from_efuse(0x00), 0, "RFE 0 as is");
}

struct walk {
	unsigned rows, out_of_range, page_1b;
};

static int count_bb(void *ctx, uint32_t addr, uint32_t data)
{
	struct walk *w = ctx;
	(void)data;
	w->rows++;
	if (addr < 0x800 || addr > 0x1C38)
		w->out_of_range++;
	if ((addr & 0xFF00) == 0x1B00)
		w->page_1b++;
	return DVR_OK;
}

static void tables(void)
{
	struct dvr_chip chip = { .info = &rtl8814a_info };
	struct dvr_phy_cond c0, c1;
	struct walk w0 = { 0 }, w1 = { 0 };

	chip.id.rfe_type = 0;
	halmac_phy_cond(&chip, &c0);
	chip.id.rfe_type = 1;
	halmac_phy_cond(&chip, &c1);
	CHECK_EQ_INT(dvr_phy_table_walk(rtl8814a_bb, rtl8814a_bb_len, &c0,
	                                count_bb, &w0, NULL), DVR_OK,
	             "BB walk, RFE 0");
	CHECK_EQ_INT(dvr_phy_table_walk(rtl8814a_bb, rtl8814a_bb_len, &c1,
	                                count_bb, &w1, NULL), DVR_OK,
	             "BB walk, RFE 1");
	/* Counts from walking rtw8814a_table.c's IF/ELIF/ELSE/ENDIF rows
	 * by hand with the RFE option compared exactly (phy.c
	 * check_positive): of 2311 BB pairs 1837 are written for options
	 * 0 and 1 alike, 1096 of them into the 0x1Bxx NCTL program. */
	CHECK_EQ_INT(w0.rows, 1837, "BB rows for RFE 0");
	CHECK_EQ_INT(w1.rows, 1837, "BB rows for RFE 1");
	CHECK(w0.out_of_range == 0 && w1.out_of_range == 0,
	      "BB rows within 0x800-0x1C38");
	CHECK_EQ_INT(w1.page_1b, 1096, "the 0x1Bxx NCTL program is loaded");
	/* The RF tables are mostly per-option branches: RFE 1 writes 351
	 * rows of path A (of 2317) and 276 of B, C, D each; RFE 0 431 and
	 * 357 (the ELSE branches). */
	static const unsigned want1[4] = { 351, 276, 276, 276 };
	static const unsigned want0[4] = { 431, 357, 357, 357 };
	for (unsigned p = 0; p < 4; p++) {
		static const uint32_t *const t[4] = { rtl8814a_rf_a,
			rtl8814a_rf_b, rtl8814a_rf_c, rtl8814a_rf_d };
		const size_t n[4] = { rtl8814a_rf_a_len, rtl8814a_rf_b_len,
			rtl8814a_rf_c_len, rtl8814a_rf_d_len };
		struct walk w = { 0 }, v = { 0 };
		char what[48];
		snprintf(what, sizeof what, "RF %c rows for RFE 1", 'A' + p);
		CHECK_EQ_INT(dvr_phy_table_walk(t[p], n[p], &c1, count_bb, &w,
		                                NULL), DVR_OK, what);
		CHECK_EQ_INT(w.rows, want1[p], what);
		snprintf(what, sizeof what, "RF %c rows for RFE 0", 'A' + p);
		CHECK_EQ_INT(dvr_phy_table_walk(t[p], n[p], &c0, count_bb, &v,
		                                NULL), DVR_OK, what);
		CHECK_EQ_INT(v.rows, want0[p], what);
	}
}

/* Every 0x1998 word a set_tx_power wrote. */
struct agc_log {
	unsigned n;
	uint32_t words[400];
};

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                     uint16_t len, const uint8_t *old)
{
	struct agc_log *l = f->user;
	(void)old;
	if (addr == 0x1998 && len == 4 && l->n < 400)
		l->words[l->n++] = le32(buf);
}

static void txpower(void)
{
	static struct fake_regs f;
	struct dvr_io io;
	struct agc_log log = { 0 };

	/* rtw8814a_set_tx_power_index_by_rate: 0x00801000 | index << 24 |
	 * path << 8 | rate */
	CHECK_EQ_HEX(rtl8814a_txagc_word(2, 0x0C, 0x2A), 0x2A80120C,
	             "word of path C, MCS0, index 0x2A");
	CHECK_EQ_HEX(rtl8814a_txagc_word(3, 0x49, 0x3F), 0x3F801349,
	             "word of path D, VHT 3SS MCS9, 0x3F");
	CHECK_EQ_INT(rtl8814a_txagc_index(70), 63, "index clamped to 0x3F");
	CHECK_EQ_INT(rtl8814a_txagc_index(-3), 0, "index not below 0");
	CHECK_EQ_INT(rtl8814a_txagc_index(40), 40, "no +2 bias");

	fake_init(&f, &io);
	f.user = &log;
	f.on_write = on_write;
	struct dvr_chip chip = { .info = &rtl8814a_info, .io = &io };
	chip.channel.channel = 36;
	chip.channel.bw_mhz = 20;
	CHECK_EQ_INT(rtl8814a_set_tx_power(&chip, 30), DVR_OK, "5 GHz power");
	/* CCK 4 (1M twice) + OFDM 8 + HT 24 + VHT 30 rates on 4 paths: CCK
	 * on 5 GHz too, so a later 2.4 GHz retune finds it set */
	CHECK_EQ_INT(log.n, 4 * (4 + 8 + 24 + 30 + 1), "5 GHz: 268 words");
	CHECK_EQ_HEX(log.words[2], 0x1E801001, "path A, CCK 2M");
	CHECK_EQ_HEX(log.words[5], 0x1E801004, "path A, OFDM 6M");
	CHECK_EQ_HEX(log.words[log.n - 1], 0x1E801349, "last: D, VHT 3SS MCS9");
	CHECK_EQ_INT(chip.tx_power_asked, 30, "the asked index kept");
	log.n = 0;
	chip.channel.channel = 6;
	CHECK_EQ_INT(rtl8814a_set_tx_power(&chip, 30), DVR_OK, "2.4 GHz power");
	/* CCK too, and the 1M word twice per path */
	CHECK_EQ_INT(log.n, 4 * (4 + 8 + 24 + 30 + 1), "2.4 GHz: 268 words");
	CHECK_EQ_HEX(log.words[0], 0x1E801000, "1M turns the table on");
	CHECK_EQ_HEX(log.words[1], 0x1E801000, "and writes address 0");

	/* Both RFE options' by-rate and limit tables (rtw8814a_rfe_defs),
	 * 3-stream rows and sections included, are taken whole. */
	for (unsigned rfe = 0; rfe <= 1; rfe++) {
		struct dvr_chip c = { .info = &rtl8814a_info };
		char what[64];
		c.id.rfe_type = (uint8_t)rfe;
		snprintf(what, sizeof what, "RFE %u: TX power tables load", rfe);
		CHECK_EQ_INT(rtl8814a_txpower_tables_load(&c), DVR_OK, what);
		snprintf(what, sizeof what, "RFE %u: tables kept", rfe);
		CHECK(dvr_chip_txpwr(&c) != NULL, what);
		/* RFE 0's MCS23 (0xCDC byte 3) is 22, RFE 1's 24 */
		if (c.txpwr) {
			snprintf(what, sizeof what, "RFE %u: HT 3S base", rfe);
			CHECK_EQ_INT(c.txpwr->by_rate.base[0][0][DVR_RS_HT_3S],
			             rfe ? 24 : 22, what);
		}
		free(c.txpwr);
	}
}

/* 5/10 MHz: the 20 MHz channel, then 0x8AC's Jaguar2-layout clock
 * fields under 0x103103C3 (OpenIPC devourer's 8814AU words); a 20 MHz
 * set after puts the BB table's bits back. */
static void narrowband(void)
{
	static struct fake_regs f;
	struct dvr_io io;

	fake_init(&f, &io);
	struct dvr_chip chip = { .info = &rtl8814a_info, .io = &io };
	chip.priv = calloc(1, sizeof(struct rtl8814a_priv));
	if (!CHECK(chip.priv, "state"))
		return;
	put32(f.mem + 0x8AC, 0xF40F550A);         /* rtw8814a_table.c */
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	CHECK_EQ_INT(rtl8814a_set_channel(&chip, &ch), DVR_OK, "36/20");
	CHECK_EQ_HEX(fake_r32(&f, 0x8AC), 0xF40F5508, "20 MHz: [1:0] 0");
	ch.bw_mhz = 10;
	CHECK_EQ_INT(rtl8814a_set_channel(&chip, &ch), DVR_OK, "36/10");
	CHECK_EQ_HEX(fake_r32(&f, 0x8AC), 0xE43E5788,
	             "[28], [16] released, DAC/ADC 3/3, small BW 2");
	CHECK_EQ_HEX(fake_r32(&f, 0x668) & 0x180, 0, "the MAC at 20 MHz");
	ch.bw_mhz = 5;
	CHECK_EQ_INT(rtl8814a_set_channel(&chip, &ch), DVR_OK, "36/5");
	CHECK_EQ_HEX(fake_r32(&f, 0x8AC), 0xE42E5648,
	             "DAC/ADC 2/2, small BW 1");
	ch.bw_mhz = 20;
	CHECK_EQ_INT(rtl8814a_set_channel(&chip, &ch), DVR_OK, "back to 20");
	CHECK_EQ_HEX(fake_r32(&f, 0x8AC), 0xF40F5508, "the table's bits");
	free(chip.priv);
}

static size_t mkpkt(uint8_t *buf, unsigned len, unsigned rate, uint32_t d4,
                    const uint8_t *phy)
{
	memset(buf, 0, 24);
	put32(buf, (len & 0x3FFF) | 4u << 16 | 1u << 26);
	put32(buf + 12, rate & 0x7F);
	put32(buf + 16, d4);
	memcpy(buf + 24, phy, 32);
	for (unsigned i = 0; i < len; i++)
		buf[56 + i] = (uint8_t)i;
	return 56 + len;
}

static void rx(void)
{
	struct dvr_chip chip = { .info = &rtl8814a_info };
	static uint8_t buf[4096];
	uint8_t phy[32];
	struct dvr_rx_pkt pkt;

	/* HT MCS 18 (3 streams) at 80 MHz: gains A 60, B 66, C 106, D 70
	 * (rtw88's example of a wild C), SNR 20/10/30/40 (x0.5 dB), EVMs of
	 * streams 1-3 at bytes 13, 14, 19. Dword 4 carries the 8814A's
	 * other fields: their low bits must not read as SGI/LDPC/STBC/BW. */
	memset(phy, 0, sizeof phy);
	phy[0] = 60;
	phy[1] = 66;
	phy[23] = 106;
	phy[24] = 70;
	phy[15] = 20;
	phy[16] = 10;
	phy[21] = 30;
	phy[22] = 40;
	phy[13] = (uint8_t)-40;
	phy[14] = (uint8_t)-30;
	phy[19] = (uint8_t)-20;
	phy[20] = (uint8_t)-128;
	phy[3] = 2u << 6;            /* RF mode 80 MHz, sub-channel 0 */
	size_t n = mkpkt(buf, 200, 0x0C + 18, 0x0000003F, phy);
	CHECK_EQ_INT(chip.info->ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "4-chain packet parses");
	CHECK_EQ_INT(pkt.info.n_chains, 4, "four chains");
	CHECK_EQ_INT(pkt.info.rssi_dbm[0], -50, "A");
	CHECK_EQ_INT(pkt.info.rssi_dbm[1], -44, "B");
	CHECK_EQ_INT(pkt.info.rssi_dbm[2], -4, "C");
	CHECK_EQ_INT(pkt.info.rssi_dbm[3], -40, "D");
	CHECK_EQ_INT(pkt.info.snr_db[2], 15, "SNR C");
	CHECK_EQ_INT(pkt.info.snr_db[3], 20, "SNR D");
	/* second-lowest gain: max(min(60,66), min(106,70)) = 70,
	 * min(max(60,66), max(106,70)) = 66 -> 66 - 110 */
	CHECK_EQ_INT(pkt.info.signal_dbm, -44, "signal: second-lowest gain");
	CHECK_EQ_INT(pkt.info.evm_db[0], -20, "EVM stream 1");
	CHECK_EQ_INT(pkt.info.evm_db[1], -15, "EVM stream 2");
	CHECK_EQ_INT(pkt.info.evm_db[2], -10, "EVM stream 3 (byte 19)");
	CHECK_EQ_INT(pkt.info.bw_mhz, 80, "bandwidth from the PHY status");
	CHECK(!(pkt.info.flags & (DVR_RX_SHORT_GI | DVR_RX_LDPC |
	                          DVR_RX_STBC)), "dword 4 is no SGI/LDPC/STBC");

	/* 40 MHz: RF mode 1, sub-channel 0; 20 MHz otherwise */
	phy[3] = 1u << 6;
	n = mkpkt(buf, 200, 0x0C + 1, 0x20, phy);
	chip.info->ops->parse_rx_pkt(&chip, buf, n, &pkt);
	CHECK_EQ_INT(pkt.info.bw_mhz, 40, "40 MHz from the PHY status");
	phy[3] = (1u << 6) | (1u << 2);
	n = mkpkt(buf, 200, 0x0C + 1, 0x20, phy);
	chip.info->ops->parse_rx_pkt(&chip, buf, n, &pkt);
	CHECK_EQ_INT(pkt.info.bw_mhz, 20, "a 20 MHz part of 40");

	/* CCK: rtw8814a_cck_rx_pwr */
	CHECK_EQ_INT(rtl8814a_cck_rx_power(7u << 5 | 3), -44, "LNA 7 VGA 3");
	CHECK_EQ_INT(rtl8814a_cck_rx_power(5u << 5 | 1), -30, "LNA 5 VGA 1");
	CHECK_EQ_INT(rtl8814a_cck_rx_power(3u << 5), -8, "LNA 3");
	CHECK_EQ_INT(rtl8814a_cck_rx_power(2u << 5 | 2), -5, "LNA 2");
	phy[5] = 7u << 5 | 10;
	n = mkpkt(buf, 100, 0x00, 0, phy);
	chip.info->ops->parse_rx_pkt(&chip, buf, n, &pkt);
	CHECK_EQ_INT(pkt.info.signal_dbm, -58, "CCK frame by the 8814A table");
}

static int try_tx(struct dvr_chip *chip, struct dvr_tx_params *tp,
                  uint8_t *desc, char *why, size_t why_len)
{
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = 100 };
	int chk = chip->info->ops->check_tx_vector(chip, &req, why, why_len);
	int built = chip->info->ops->build_tx_desc(chip, desc, &req);
	CHECK(chk == (built < 0 ? built : DVR_OK), "check and build agree");
	return built;
}

static void tx(void)
{
	struct dvr_chip chip = { .info = &rtl8814a_info };
	struct dvr_tx_params tp = { 0 };
	uint8_t d[40];
	char why[160] = "";

	chip.channel.channel = 36;
	chip.channel.bw_mhz = 80;
	tp.rate.kind = DVR_RATE_HT;
	tp.rate.mcs = 23;
	tp.bw_mhz = 40;
	CHECK_EQ_INT(try_tx(&chip, &tp, d, why, sizeof why), 40,
	             "MCS 23 (3 streams) accepted");
	uint32_t dw0 = le32(d), dw1 = le32(d + 4), dw4 = le32(d + 16);
	CHECK_EQ_INT((dw1 >> 16) & 0x1F, 14, "RATE_ID ARFR5_N_3SS");
	CHECK_EQ_HEX(dw4 & 0x7F, 0x0C + 23, "rate code MCS23");
	CHECK(!(dw0 & (1u << 31)), "dword 0 bit 31 (DISQSELSEQ) clear");
	CHECK(!(dw0 & (1u << 27)), "dword 0 bit 27 (AMSDU_PAD_EN) clear");
	CHECK_EQ_INT((dw4 >> 8) & 0x1F, 0, "no DATA_RATE_FB_LIMIT");
	CHECK_EQ_INT((dw1 >> 8) & 0x1F, 0x12, "QSEL MGMT");
	uint16_t x = 0;
	for (unsigned i = 0; i < 32; i += 2)
		x ^= (uint16_t)(i == 28 ? 0 : (d[i] | d[i + 1] << 8));
	CHECK_EQ_HEX(d[28] | d[29] << 8, x, "checksum over 32 bytes");

	tp.rate.kind = DVR_RATE_VHT;
	tp.rate.nss = 3;
	tp.rate.mcs = 9;
	tp.bw_mhz = 80;
	CHECK_EQ_INT(try_tx(&chip, &tp, d, why, sizeof why), 40,
	             "VHT 3SS MCS9 accepted");
	CHECK_EQ_INT((le32(d + 4) >> 16) & 0x1F, 13, "RATE_ID ARFR4_AC_3SS");

	tp.rate.nss = 4;
	why[0] = '\0';
	CHECK_EQ_INT(try_tx(&chip, &tp, d, why, sizeof why), DVR_E_UNSUPPORTED,
	             "VHT 4SS refused");
	CHECK(strstr(why, "at most 3") != NULL, "why names the 3-stream limit");
	tp.rate.kind = DVR_RATE_HT;
	tp.rate.mcs = 24;
	tp.bw_mhz = 20;
	CHECK_EQ_INT(try_tx(&chip, &tp, d, why, sizeof why), DVR_E_UNSUPPORTED,
	             "MCS 24 (4 streams) refused");

	tp.rate.kind = DVR_RATE_LEGACY;
	tp.rate.legacy_500k = 2;
	why[0] = '\0';
	CHECK_EQ_INT(try_tx(&chip, &tp, d, why, sizeof why), DVR_E_UNSUPPORTED,
	             "CCK on channel 36 refused");
	CHECK(strstr(why, "CCK") != NULL, "why says CCK");
	chip.channel.channel = 6;
	chip.channel.bw_mhz = 20;
	CHECK_EQ_INT(try_tx(&chip, &tp, d, why, sizeof why), 40,
	             "CCK on channel 6 accepted");
	CHECK_EQ_INT((le32(d + 4) >> 16) & 0x1F, 8, "RATE_ID B");
}

int main(void)
{
	chip_data();
	tables();
	txpower();
	narrowband();
	rx();
	tx();
	return check_done();
}
