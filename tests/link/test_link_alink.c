/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * OpenIPC adaptive-link's ground -> drone datagram (link.h, "OpenIPC
 * adaptive-link messages"). The datagrams below are spelled out byte for
 * byte as each alink_gs makes them: send_udp() puts struct.pack('!I',
 * len) before the text; the text is generate_message()'s f-string in
 * OpenIPC/adaptive-link dca368db ("O": every value int()'d, 10 fields,
 * an 11th keyframe code while a request lasts), the score f-string of
 * sickgreg/OpenIPC-Adaptive-Link 4401083a alink_gs ("S": 9 fields, the
 * missing antennas padded with -105), and S's request_keyframe().
 */
#include <string.h>

#include <devourer/link.h>

#include "tests/check.h"

/* A literal datagram: its bytes without the string's NUL. */
#define DG(lit) (const uint8_t *)(lit), (sizeof(lit) - 1)

/* O: a good link, 3 packets repaired, two antennas, no penalty. */
#define O_PLAIN "\x00\x00\x00\x25" "1733570400:1623:1623:3:0:-58:27:2:0:0"
/* O with allow_penalty and allow_fec_increase, 7 lost: a code. */
#define O_IDR "\x00\x00\x00\x2e" "1733570400:1187:1187:41:7:-71:14:2:-123:2:qwer"
/* S: RSSI and SNR scored apart, one antenna (2nd/3rd SNR padding). */
#define S_PLAIN "\x00\x00\x00\x29" "1733570400:1500:1731:0:4:-52:30:-105:-105"
#define S_KF "\x00\x00\x00\x1d" "special:request_keyframe:abcd"
#define PAUSE "\x00\x00\x00\x16" "special:pause_adaptive"
#define RESUME "\x00\x00\x00\x17" "special:resume_adaptive"

static void test_o_form(void)
{
	struct dvr_link_alink m;
	struct dvr_link_alink_error e;

	CHECK_EQ_INT(dvr_link_alink_read(DG(O_PLAIN), &m, &e), DVR_OK,
	             "O score message read");
	CHECK(e.msg[0] == '\0', "no error text on success");
	CHECK_EQ_INT(m.kind, DVR_LINK_ALINK_SCORE, "O: a score");
	CHECK_EQ_INT(m.form, DVR_LINK_ALINK_FORM_O, "O: 10 fields");
	CHECK(m.timestamp == 1733570400, "O: timestamp");
	CHECK_EQ_INT(m.rssi_score, 1623, "O: score in field 1");
	CHECK_EQ_INT(m.snr_score, 1623, "O: the same in field 2");
	CHECK_EQ_INT(m.fec_rec, 3, "O: fec_rec");
	CHECK_EQ_INT(m.lost, 0, "O: lost");
	CHECK_EQ_INT(m.best_rssi, -58, "O: best rssi");
	CHECK_EQ_INT(m.best_snr, 27, "O: best snr");
	CHECK_EQ_INT(m.antennas, 2, "O: antennas");
	CHECK_EQ_INT(m.penalty, 0, "O: penalty");
	CHECK_EQ_INT(m.fec_change, 0, "O: fec_change");
	CHECK(m.idr_code[0] == '\0', "O: no code");

	CHECK_EQ_INT(dvr_link_alink_read(DG(O_IDR), &m, &e), DVR_OK,
	             "O with a code read");
	CHECK_EQ_INT(m.lost, 7, "O: lost 7");
	CHECK_EQ_INT(m.penalty, -123, "O: penalty");
	CHECK_EQ_INT(m.fec_change, 2, "O: fec_change");
	CHECK(strcmp(m.idr_code, "qwer") == 0, "O: the code");
}

static void test_s_form(void)
{
	struct dvr_link_alink m;

	CHECK_EQ_INT(dvr_link_alink_read(DG(S_PLAIN), &m, NULL), DVR_OK,
	             "S score message read");
	CHECK_EQ_INT(m.form, DVR_LINK_ALINK_FORM_S, "S: 9 fields");
	CHECK_EQ_INT(m.rssi_score, 1500, "S: rssi score");
	CHECK_EQ_INT(m.snr_score, 1731, "S: snr score");
	CHECK_EQ_INT(m.fec_rec, 0, "S: fec_rec");
	CHECK_EQ_INT(m.fec_rec_1s, 4, "S: fec_rec over 1 s");
	CHECK_EQ_INT(m.lost, 0, "S: no lost field");
	CHECK_EQ_INT(m.best_rssi, -52, "S: best rssi");
	CHECK_EQ_INT(m.best_snr, 30, "S: best snr");
	CHECK_EQ_INT(m.snr_2nd, -105, "S: 2nd snr padding");
	CHECK_EQ_INT(m.snr_3rd, -105, "S: 3rd snr padding");
	CHECK_EQ_INT(m.antennas, 0, "S: no antenna count");
}

static void test_special(void)
{
	struct dvr_link_alink m;

	CHECK_EQ_INT(dvr_link_alink_read(DG(S_KF), &m, NULL), DVR_OK,
	             "keyframe request read");
	CHECK_EQ_INT(m.kind, DVR_LINK_ALINK_KEYFRAME, "a keyframe request");
	CHECK(strcmp(m.idr_code, "abcd") == 0, "its code");
	CHECK_EQ_INT(dvr_link_alink_read(DG(PAUSE), &m, NULL), DVR_OK,
	             "pause read");
	CHECK_EQ_INT(m.kind, DVR_LINK_ALINK_PAUSE, "pause");
	CHECK_EQ_INT(dvr_link_alink_read(DG(RESUME), &m, NULL), DVR_OK,
	             "resume read");
	CHECK_EQ_INT(m.kind, DVR_LINK_ALINK_RESUME, "resume");
}

/* What alink_drone's strtok() and atoi() make of it, where alink_gs
 * could have written it. */
static void test_lenient_like_alink(void)
{
	struct dvr_link_alink m;

	/* empty fields collapse: still 10 fields */
	CHECK_EQ_INT(dvr_link_alink_read(DG("\x00\x00\x00\x29"
	             ":1733570400::1623:1623:3:0:-58:27:2:0:0::"), &m, NULL),
	             DVR_OK, "empty fields skipped as strtok skips them");
	CHECK_EQ_INT(m.form, DVR_LINK_ALINK_FORM_O, "still the O form");
	CHECK_EQ_INT(m.rssi_score, 1623, "fields where strtok puts them");
	CHECK_EQ_INT(m.fec_change, 0, "last field");
	/* a float of S's averaged RSSI: cut toward 0 as atoi() cuts it */
	CHECK_EQ_INT(dvr_link_alink_read(DG("\x00\x00\x00\x2e"
	             "1733570400:1500:1731:0:4:-52.75:30.5:-105:-105"), &m,
	             NULL), DVR_OK, "a decimal fraction");
	CHECK_EQ_INT(m.best_rssi, -52, "-52.75 -> -52");
	CHECK_EQ_INT(m.best_snr, 30, "30.5 -> 30");
	/* the fallback score */
	CHECK_EQ_INT(dvr_link_alink_read(DG("\x00\x00\x00\x23"
	             "1733570400:999:999:0:0:-101:0:0:0:0"), &m, NULL),
	             DVR_OK, "999 read");
	CHECK_EQ_INT(m.rssi_score, 999, "fallback score");
}

static void refused(const uint8_t *b, size_t n, const char *what)
{
	struct dvr_link_alink m;
	struct dvr_link_alink_error e;

	memset(&e, 0, sizeof e);
	int r = dvr_link_alink_read(b, n, &m, &e);
	CHECK_EQ_INT(r, DVR_E_INVALID, what);
	CHECK(e.msg[0] != '\0', "and says why");
}

static void test_refused(void)
{
	static uint8_t big[4 + DVR_LINK_ALINK_MAX_TEXT + 1];

	refused(DG("\x00\x00\x00"), "shorter than the length field");
	refused(DG("\x00\x00\x00\x00"), "empty text");
	refused(DG("\x00\x00\x00\x26" "1733570400:1623:1623:3:0:-58:27:2:0:0"),
	        "length one too many");
	refused(DG("1733570400:1623:1623:3:0:-58:27:2:0:0"),
	        "no length field");
	refused(DG("\x00\x00\x00\x1f" "1733570400:1623:1623:3:0:-58:27"),
	        "7 fields");
	refused(DG("\x00\x00\x00\x2e" "1733570400:1623:1623:3:0:-58:27:2:0:0:"
	           "abcd:x:y"), "13 fields");
	refused(DG("\x00\x00\x00\x25" "1733570400:1623:16x3:3:0:-58:27:2:0:0"),
	        "not a number");
	refused(DG("\x00\x00\x00\x22" "1733570400:-:1623:3:0:-58:27:2:0:0"),
	        "a sign alone");
	refused(DG("\x00\x00\x00\x25" "1733570400:2001:1623:3:0:-58:27:2:0:0"),
	        "score above 2000");
	refused(DG("\x00\x00\x00\x24" "1733570400:998:1623:3:0:-58:27:2:0:0"),
	        "score 998");
	refused(DG("\x00\x00\x00\x25" "1733570400:1623:1623:3:0:-58:27:2:1:0"),
	        "penalty above 0");
	refused(DG("\x00\x00\x00\x25" "1733570400:1623:1623:3:0:-58:27:2:0:6"),
	        "fec_change 6");
	refused(DG("\x00\x00\x00\x26" "1733570400:1623:1623:3:-1:-58:27:2:0:0"),
	        "negative lost");
	refused(DG("\x00\x00\x00\x2e" "1733570400:1623:1623:3:0:-58:27:2:0:0:"
	           "abcdefgh"), "code longer than alink_drone keeps");
	refused(DG("\x00\x00\x00\x29" "1733570400:1623:1623:3:0:-58:27:2:0:0:"
	           "a-c"), "code with a dash");
	refused(DG("\x00\x00\x00\x10" "special:drop_gop"), "drop_gop");
	refused(DG("\x00\x00\x00\x18" "special:request_keyframe"),
	        "keyframe without a code");
	refused(DG("\x00\x00\x00\x19" "special:request_keyframe:"),
	        "keyframe with an empty code");
	refused(DG("\x00\x00\x00\x19" "special:pause_adaptive:xy"),
	        "pause with more");
	refused(DG("\x00\x00\x00\x26" "1733570400:1623:1623:3:0:-58:27:2:0:0\n"),
	        "a control byte");
	refused(DG("\x00\x00\x00\x26" "1733570400:1623:1623:3:0:-58:27:2:0:0\0"),
	        "a NUL byte");
	memset(big, '1', sizeof big);
	big[0] = big[1] = 0;
	big[2] = (uint8_t)((DVR_LINK_ALINK_MAX_TEXT + 1) >> 8);
	big[3] = (uint8_t)(DVR_LINK_ALINK_MAX_TEXT + 1);
	refused(big, sizeof big, "text longer than alink_drone reads");
	CHECK_EQ_INT(dvr_link_alink_read(NULL, 4, NULL, NULL), DVR_E_INVALID,
	             "NULL");
}

static void test_write(void)
{
	uint8_t out[DVR_LINK_ALINK_MAX_DATAGRAM];
	struct dvr_link_alink m;

	memset(&m, 0, sizeof m);
	m.kind = DVR_LINK_ALINK_SCORE;
	m.timestamp = 1733570400;
	m.rssi_score = m.snr_score = 1623;
	m.fec_rec = 3;
	m.best_rssi = -58;
	m.best_snr = 27;
	m.antennas = 2;
	size_t n = dvr_link_alink_write(&m, out, sizeof out);
	CHECK_EQ_INT(n, sizeof(O_PLAIN) - 1, "O message length");
	CHECK(n == sizeof(O_PLAIN) - 1 && memcmp(out, O_PLAIN, n) == 0,
	      "O message byte for byte");

	m.rssi_score = m.snr_score = 1187;
	m.fec_rec = 41;
	m.lost = 7;
	m.best_rssi = -71;
	m.best_snr = 14;
	m.penalty = -123;
	m.fec_change = 2;
	strcpy(m.idr_code, "qwer");
	n = dvr_link_alink_write(&m, out, sizeof out);
	CHECK(n == sizeof(O_IDR) - 1 && memcmp(out, O_IDR, n) == 0,
	      "O message with a code byte for byte");
	CHECK_EQ_INT(dvr_link_alink_write(&m, out, n - 1), 0,
	             "one byte short of room");

	memset(&m, 0, sizeof m);
	m.kind = DVR_LINK_ALINK_KEYFRAME;
	strcpy(m.idr_code, "abcd");
	n = dvr_link_alink_write(&m, out, sizeof out);
	CHECK(n == sizeof(S_KF) - 1 && memcmp(out, S_KF, n) == 0,
	      "keyframe request byte for byte");
	m.kind = DVR_LINK_ALINK_PAUSE;
	n = dvr_link_alink_write(&m, out, sizeof out);
	CHECK(n == sizeof(PAUSE) - 1 && memcmp(out, PAUSE, n) == 0, "pause");
	m.kind = DVR_LINK_ALINK_RESUME;
	n = dvr_link_alink_write(&m, out, sizeof out);
	CHECK(n == sizeof(RESUME) - 1 && memcmp(out, RESUME, n) == 0,
	      "resume");

	/* what the reader would refuse is not written */
	memset(&m, 0, sizeof m);
	m.kind = DVR_LINK_ALINK_SCORE;
	m.rssi_score = m.snr_score = 2500;
	CHECK_EQ_INT(dvr_link_alink_write(&m, out, sizeof out), 0,
	             "score 2500 not written");
	m.rssi_score = m.snr_score = 1500;
	memset(m.idr_code, 'a', sizeof m.idr_code);
	CHECK_EQ_INT(dvr_link_alink_write(&m, out, sizeof out), 0,
	             "an unterminated code not written");
	m.kind = DVR_LINK_ALINK_KEYFRAME;
	m.idr_code[0] = '\0';
	CHECK_EQ_INT(dvr_link_alink_write(&m, out, sizeof out), 0,
	             "a keyframe request without a code not written");
	CHECK_EQ_INT(dvr_link_alink_write(NULL, out, sizeof out), 0, "NULL");
}

int main(void)
{
	test_o_form();
	test_s_form();
	test_special();
	test_lenient_like_alink();
	test_refused();
	test_write();
	return check_done();
}
