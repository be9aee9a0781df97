/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Receiver and MAC settings of the RTL8812AU as the reference drivers leave
 * them: bring a virtual adapter up through the real HAL, tune it to 2.4 GHz
 * ch 6/20, 5 GHz ch 36/20, ch 149/80 and back to ch 6, and after each read
 * the registers back from the chip model. Each expected value names the
 * reference it comes from. Then the receive filter: of the control frames
 * a talker sends, the listener's chip passes PS-Poll and drops ACK, as
 * RXFLTMAP1 = 0x0400 tells the silicon to. Last, the RTL8822CU's USB RX
 * DMA and filter maps at the same channels.
 */
#include "e2e_common.h"

struct expect {
	uint16_t addr;
	uint32_t mask;
	uint32_t value;
	const char *what;  /* register and the reference the value is from */
};

/* Independent of band and channel. */
static const struct expect common_regs[] = {
	{ 0x0C50, 0x7F, 0x1C, "IGI path A: rtw88 phy.c DIG_CVRG_MIN "
	  "(rtw_phy_dig_set_max_coverage); OpenIPC devourer HalModule.cpp "
	  "phydm_SetIgiFloor_Jaguar" },
	{ 0x0E50, 0x7F, 0x1C, "IGI path B: as path A" },
	{ 0x08A4, 0xFFFF, 0x7F7F, "EDCCA thresholds parked: rtw88 "
	  "rtw8812a_table.c BB table row 0x8A4; vendor adaptivity off" },
	{ 0x0520, 0xC000, 0x0000, "carrier sense on (DIS_CCA/DIS_EDCCA "
	  "clear): neither rtw88 nor the vendor sets them" },
	{ 0x06A0, 0xFFFF, 0xFFFF, "RXFLTMAP0: rtw88 rtw88xxa.c "
	  "rtw88xxa_init_wmac_setting" },
	{ 0x06A2, 0xFFFF, 0x0400, "RXFLTMAP1 PS-Poll only: rtw88 rtw88xxa.c "
	  "rtw88xxa_init_wmac_setting; vendor _InitWMACSetting_8812A" },
	{ 0x06A4, 0xFFFF, 0xFFFF, "RXFLTMAP2: rtw88 rtw88xxa_init_wmac_setting; "
	  "vendor hw_var_set_monitor" },
	{ 0x0280, 0xFFFF, 0x0105, "RX agg size 5 (USB2): rtw88 usb.c "
	  "rtw_usb_dynamic_rx_agg_v2; timeout 1 for latency: OpenIPC "
	  "devourer HalModule.cpp usb_AggSettingRxUpdate_8812A" },
	{ 0x0424, 0xFF, 0xF7, "BCNQ boundary 256-9: rtw88 rtw88xxa.c "
	  "rtw88xxau_init_tx_buffer_boundary, rtw8812a.c page_table_8812a" },
	{ 0x0425, 0xFF, 0xF7, "MGQ boundary: as BCNQ" },
	{ 0x045D, 0xFF, 0xF7, "WMAC LBK boundary: as BCNQ" },
	{ 0x0114, 0xFF, 0xF7, "TRXFF boundary: as BCNQ" },
	{ 0x0209, 0xFF, 0xF7, "DWBCN0_CTRL+1 boundary: as BCNQ" },
	{ 0x0116, 0xFFFF, 0x3E7F, "RX FIFO boundary 16128-128-1: rtw88 "
	  "rtw88xxa.c rtw88xxa_power_on" },
};

static void check_regs(struct vchip *vc, const char *where, bool is_5g)
{
	for (size_t i = 0; i < sizeof common_regs / sizeof common_regs[0];
	     i++) {
		const struct expect *e = &common_regs[i];
		char what[256];
		snprintf(what, sizeof what, "%s: 0x%04X (%s)", where, e->addr,
		         e->what);
		CHECK_EQ_HEX(vchip_peek32(vc, e->addr) & e->mask, e->value,
		             what);
	}
	/* Basic rates: 1/2/5.5/11 + 6/12/24 Mbit/s at 2.4 GHz, 6/12/24 at
	 * 5 GHz (rtw88 rtw88xxa.c rtw88xxa_switch_band basic_rates). */
	char what[96];
	snprintf(what, sizeof what, "%s: RRSR 0x0440 [19:0]", where);
	CHECK_EQ_HEX(vchip_peek32(vc, 0x0440) & 0xFFFFF,
	             is_5g ? 0x150u : 0x15Fu, what);
}

/* The RTL8822CU, independent of band and channel. */
static const struct expect regs_8822c[] = {
	{ 0x1D70, 0x7F7F, 0x2020, "IGI paths A and B 0x20: the BB table's "
	  "last write, rtw88 rtw8822c.c rtw8822c_hw_spec.dig_min (the unlinked "
	  "DIG floor), restored after the IGI toggle "
	  "(rtw8822c_toggle_igi)" },
	{ 0x010C, 0x04, 0x04, "RXDMA_AGG_EN: rtw88 usb.c "
	  "rtw_usb_dynamic_rx_agg_v1" },
	{ 0x0280, 0x8000FFFF, 0x0105, "RX agg in USB mode (bit 31 clear), "
	  "size 5: rtw88 rtw_usb_dynamic_rx_agg_v1 (enabled); timeout 1 "
	  "for latency, as on the RTL8812AU" },
	{ 0x06A0, 0xFFFFFFFF, 0xFFFFFFFF, "RXFLTMAP0 and RXFLTMAP1 open: "
	  "rtw88 rtw8822c.c WLAN_RX_FILTER0 as one 32-bit write" },
	{ 0x06A4, 0xFFFF, 0xFFFF, "RXFLTMAP2: rtw88 rtw8822c.c "
	  "WLAN_RX_FILTER2" },
};

/* @usb3: the adapter enumerated at SuperSpeed. */
static void check_regs_8822c(struct vchip *vc, const char *where, bool usb3)
{
	char burst[160];
	snprintf(burst, sizeof burst, "RTL8822CU %s: 0x0290 RX DMA mode, burst "
	         "count 3, %s bursts: rtw88 usb.c rtw_usb_init_burst_pkt_len",
	         where, usb3 ? "1024 B (SuperSpeed)" : "512 B (high speed)");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x0290) & 0xFF, usb3 ? 0x0Eu : 0x1Eu,
	             burst);
	for (size_t i = 0; i < sizeof regs_8822c / sizeof regs_8822c[0];
	     i++) {
		const struct expect *e = &regs_8822c[i];
		char what[256];
		snprintf(what, sizeof what, "RTL8822CU %s: 0x%04X (%s)", where,
		         e->addr, e->what);
		CHECK_EQ_HEX(vchip_peek32(vc, e->addr) & e->mask, e->value,
		             what);
	}
}

static atomic_uint got_pspoll, got_ack, got_data;

static void on_rx(void *u, const struct dvr_rx_frame *f)
{
	(void)u;
	if (!e2e_frame_has_tag(f, "rxflt!"))
		return;
	unsigned type = (f->data[0] >> 2) & 3, sub = f->data[0] >> 4;
	if (type == 1 && sub == 10)
		atomic_fetch_add(&got_pspoll, 1);
	else if (type == 1 && sub == 13)
		atomic_fetch_add(&got_ack, 1);
	else if (type == 2)
		atomic_fetch_add(&got_data, 1);
}

/* A tagged frame with frame control fc0 (type/subtype byte). */
static void send_kind(dvr_device *tx, uint8_t fc0, unsigned n)
{
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 7, "rxflt!");
	fr[9] = fc0;
	for (unsigned i = 0; i < n; i++)
		CHECK_EQ_INT(dvr_send(tx, fr, sizeof fr), DVR_OK, "send");
	CHECK_EQ_INT(dvr_flush(tx, 3000), DVR_OK, "flush");
}

static void check_control_filter(dvr_device *tx, struct vchip *rx_vc)
{
	enum { N = 5 };
	struct vchip_stats before = { 0 }, after = { 0 };
	vchip_get_stats(rx_vc, &before);
	send_kind(tx, 0xD4, N);   /* ACK: control subtype 13 */
	send_kind(tx, 0xA4, N);   /* PS-Poll: control subtype 10 */
	send_kind(tx, 0x08, N);   /* data, the last to arrive */
	CHECK_EQ_INT(e2e_wait_count(&got_data, N), N, "data frames received");
	CHECK_EQ_INT(e2e_wait_count(&got_pspoll, N), N, "PS-Poll passes "
	             "RXFLTMAP1");
	vchip_get_stats(rx_vc, &after);
	CHECK_EQ_INT(atomic_load(&got_ack), 0, "ACK dropped by RXFLTMAP1");
	CHECK(after.rx_filtered - before.rx_filtered >= N,
	      "the chip counted the ACKs as filtered");
}

static void tune(dvr_device *d, unsigned chan, unsigned bw)
{
	struct dvr_channel ch = { .channel = (uint16_t)chan,
	                          .bw_mhz = (uint16_t)bw };
	char what[48];
	snprintf(what, sizeof what, "tune to %u/%u MHz", chan, bw);
	CHECK_EQ_INT(dvr_set_channel(d, &ch), DVR_OK, what);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-rxset-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	dvr_device *d = e2e_start("virtual:rxset,chip=8812a", on_rx, NULL, 6);
	CHECK(d != NULL, "bring-up at ch 6");
	struct vchip *vc = vchip_find("rxset");
	CHECK(vc != NULL, "model of the adapter");
	if (!d || !vc) {
		e2e_air_remove(dir);
		return check_done();
	}
	check_regs(vc, "ch 6/20", false);
	tune(d, 36, 20);
	check_regs(vc, "ch 36/20", true);
	tune(d, 149, 80);
	check_regs(vc, "ch 149/80", true);
	tune(d, 6, 20);
	check_regs(vc, "back to ch 6/20", false);

	dvr_device *tx = e2e_start("virtual:rxset-tx,chip=8812a", NULL, NULL,
	                           6);
	CHECK(tx != NULL, "talker bring-up");
	if (tx) {
		check_control_filter(tx, vc);
		dvr_close(tx);
	}
	dvr_close(d);

	/* The model's RTL8822CU comes up at SuperSpeed (our driver switches a
	 * USB2-enumerated one over, as rtw88 does) unless its port is USB2. */
	dvr_device *c = e2e_start("virtual:rxset22,chip=8822c", NULL, NULL, 6);
	struct vchip *cvc = vchip_find("rxset22");
	CHECK(c != NULL && cvc != NULL, "RTL8822CU bring-up at ch 6");
	if (c && cvc) {
		check_regs_8822c(cvc, "ch 6/20", true);
		tune(c, 36, 20);
		check_regs_8822c(cvc, "ch 36/20", true);
		tune(c, 149, 80);
		check_regs_8822c(cvc, "ch 149/80", true);
	}
	if (c)
		dvr_close(c);
	c = e2e_start("virtual:rxset22hs,chip=8822c,port=480", NULL, NULL, 6);
	cvc = vchip_find("rxset22hs");
	CHECK(c != NULL && cvc != NULL, "RTL8822CU bring-up at high speed");
	if (c && cvc)
		check_regs_8822c(cvc, "high speed, ch 6/20", false);
	if (c)
		dvr_close(c);
	e2e_air_remove(dir);
	return check_done();
}
