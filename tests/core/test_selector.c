/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Selector strings: every documented form parses, malformed ones do not. */
#include "libdevourer/bus/transport.h"
#include "tests/check.h"

int main(void)
{
	struct dvr_selector s;

	CHECK_EQ_INT(dvr_selector_parse("auto", &s), DVR_OK, "auto parses");
	CHECK_EQ_INT(s.kind, DVR_SEL_AUTO, "auto kind");

	CHECK_EQ_INT(dvr_selector_parse("usb:0bda:8812", &s), DVR_OK,
	             "usb id parses");
	CHECK_EQ_INT(s.kind, DVR_SEL_USB_ID, "usb id kind");
	CHECK_EQ_HEX(s.vid, 0x0bda, "vid");
	CHECK_EQ_HEX(s.pid, 0x8812, "pid");
	CHECK_EQ_INT(s.index, 0, "default index 0");

	CHECK_EQ_INT(dvr_selector_parse("usb:2357:011E#2", &s), DVR_OK,
	             "usb id with index parses");
	CHECK_EQ_HEX(s.pid, 0x011e, "upper-case hex pid");
	CHECK_EQ_INT(s.index, 2, "index 2");

	CHECK_EQ_INT(dvr_selector_parse("usb:1-2.3", &s), DVR_OK,
	             "usb path parses");
	CHECK_EQ_INT(s.kind, DVR_SEL_USB_PATH, "usb path kind");
	CHECK(strcmp(s.path, "1-2.3") == 0, "usb path text");

	CHECK_EQ_INT(dvr_selector_parse("virtual:drone,loss=0.1,rssi=-60", &s),
	             DVR_OK, "virtual with options parses");
	CHECK_EQ_INT(s.kind, DVR_SEL_VIRTUAL, "virtual kind");
	CHECK(strcmp(s.name, "drone") == 0, "virtual name");
	char v[32];
	CHECK_EQ_INT(dvr_selector_option(&s, "rssi", v, sizeof v), DVR_OK,
	             "option rssi found");
	CHECK(strcmp(v, "-60") == 0, "option rssi value");
	CHECK_EQ_INT(dvr_selector_option(&s, "loss", v, sizeof v), DVR_OK,
	             "option loss found");
	CHECK(strcmp(v, "0.1") == 0, "option loss value");
	CHECK_EQ_INT(dvr_selector_option(&s, "los", v, sizeof v),
	             DVR_E_NOT_FOUND, "prefix of a key is not the key");

	static const char *bad[] = {
		"usb:", "usb:0bda", "usb:0bda:", "usb:xyz:8812",
		"usb:0bda:88123", "usb:0bda:8812#", "usb:0bda:8812#x",
		"usb:1-", "usb:-2", "usb:1-2..3", "virtual:", "virtual:a/b",
		"virtual:../x", "pci:0000", "usb:1-2.3a",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char what[64];
		snprintf(what, sizeof what, "rejects '%s'", bad[i]);
		CHECK_EQ_INT(dvr_selector_parse(bad[i], &s), DVR_E_INVALID,
		             what);
	}
	return check_done();
}
