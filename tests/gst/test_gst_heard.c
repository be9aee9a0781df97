/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersrc's per-adapter counts alone (gst/gstdevourerheard.c): every
 * chain a frame reports reaches chain-rssi / chain-snr, four for a 4T4R
 * adapter (RTL8814AU) as two for a 2T2R one; frames reporting fewer
 * chains (CCK: one) average per chain on their own; other networks'
 * frames count as heard only.
 */
#include <gst/gst.h>

#include "gst/gstdevourerheard.h"
#include "tests/check.h"

static struct dvr_rx_info ofdm(guint chains, const gint8 *rssi,
                               const gint8 *snr)
{
	struct dvr_rx_info info = {
		.rate = { .kind = DVR_RATE_VHT, .nss = 2, .mcs = 7 },
		.bw_mhz = 80,
		.n_chains = (guint8)chains,
		.signal_dbm = -30,
	};
	for (guint c = 0; c < chains; c++) {
		info.rssi_dbm[c] = rssi[c];
		info.snr_db[c] = snr[c];
	}
	return info;
}

/* The ints of array field @f of @s, at most @max; how many there are. */
static guint ints_of(const GstStructure *s, const gchar *f, gint *out,
                     guint max)
{
	const GValue *a = gst_structure_get_value(s, f);
	guint n = a && GST_VALUE_HOLDS_ARRAY(a) ? gst_value_array_get_size(a)
	                                          : 0;
	for (guint i = 0; i < n && i < max; i++)
		out[i] = g_value_get_int(gst_value_array_get_value(a, i));
	return n;
}

static void four_chains(void)
{
	static const gint8 rssi1[] = { -40, -50, -60, -70 };
	static const gint8 snr1[] = { 30, 20, 10, 4 };
	static const gint8 rssi2[] = { -42, -52, -62, -72 };
	static const gint8 snr2[] = { 28, 18, 8, 2 };
	GstDevourerSrcHeard h;
	gst_devourer_heard_reset(&h);
	struct dvr_rx_info a = ofdm(4, rssi1, snr1);
	struct dvr_rx_info b = ofdm(4, rssi2, snr2);
	gst_devourer_heard_add(&h, &a, TRUE);
	gst_devourer_heard_add(&h, &b, TRUE);
	/* another network's frame: heard, not of the link */
	gst_devourer_heard_add(&h, &a, FALSE);

	GstStructure *s = gst_structure_new_empty("adapter");
	gst_devourer_heard_set_fields(s, &h);
	gint v[DVR_MAX_RF_PATHS + 1] = { 0 };
	CHECK_EQ_INT(ints_of(s, "chain-rssi", v, G_N_ELEMENTS(v)), 4,
	             "4T4R: four chain-rssi values");
	CHECK(v[0] == -41 && v[1] == -51 && v[2] == -61 && v[3] == -71,
	      "4T4R: chain-rssi averages of A, B, C, D");
	CHECK_EQ_INT(ints_of(s, "chain-snr", v, G_N_ELEMENTS(v)), 4,
	             "4T4R: four chain-snr values");
	CHECK(v[0] == 29 && v[1] == 19 && v[2] == 9 && v[3] == 3,
	      "4T4R: chain-snr averages of A, B, C, D");
	guint64 frames = 0, heard = 0;
	gst_structure_get_uint64(s, "link-frames", &frames);
	gst_structure_get_uint64(s, "frames-heard", &heard);
	CHECK(frames == 2 && heard == 3, "link frames 2 of 3 heard");
	CHECK_EQ_INT(g_strcmp0(gst_structure_get_string(s, "rate"),
	                       "VHT NSS 2 MCS 7"), 0, "rate of the last");
	gst_structure_free(s);
}

static void two_chains_and_cck(void)
{
	static const gint8 rssi[] = { -40, -46 };
	static const gint8 snr[] = { 30, 24 };
	static const gint8 cck_rssi[] = { -50 };
	static const gint8 cck_snr[] = { 0 };
	GstDevourerSrcHeard h;
	gst_devourer_heard_reset(&h);
	struct dvr_rx_info a = ofdm(2, rssi, snr);
	struct dvr_rx_info c = ofdm(1, cck_rssi, cck_snr);
	gst_devourer_heard_add(&h, &a, TRUE);
	gst_devourer_heard_add(&h, &c, TRUE);

	GstStructure *s = gst_structure_new_empty("adapter");
	gst_devourer_heard_set_fields(s, &h);
	gint v[DVR_MAX_RF_PATHS] = { 0 };
	CHECK_EQ_INT(ints_of(s, "chain-rssi", v, G_N_ELEMENTS(v)), 2,
	             "2T2R: two chain-rssi values");
	CHECK(v[0] == -45 && v[1] == -46,
	      "2T2R: A over both frames, B over the OFDM one");
	gst_structure_free(s);

	/* nothing of the link: empty arrays */
	gst_devourer_heard_reset(&h);
	s = gst_structure_new_empty("adapter");
	gst_devourer_heard_set_fields(s, &h);
	CHECK_EQ_INT(ints_of(s, "chain-rssi", v, G_N_ELEMENTS(v)), 0,
	             "nothing heard: no chain values");
	gst_structure_free(s);
}

int main(int argc, char **argv)
{
	gst_init(&argc, &argv);
	four_chains();
	two_chains_and_cck();
	gst_deinit();
	return check_done();
}
