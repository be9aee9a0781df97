/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One virtual adapter, two opens in one program: "virtual:NAME" names one
 * adapter of this process, so while it is open a second dvr_open() of
 * NAME (whatever its options) fails with DVR_E_BUSY and a message that
 * says the adapter is already open, hands out no device and leaves the
 * first one working; another name is another adapter; once the first is
 * closed the name opens again.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "../check.h"

static char last_msg[512];

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level == DVR_LOG_ERROR)
		snprintf(last_msg, sizeof last_msg, "%s", msg);
}

static int open_one(const char *sel, const char *fw, dvr_device **dev)
{
	struct dvr_config cfg = {.on_log = on_log, .firmware_dir = fw};
	*dev = NULL;
	last_msg[0] = '\0';
	return dvr_open(sel, &cfg, dev);
}

static void expect_busy(const char *sel, const char *fw, const char *what)
{
	dvr_device *dev = NULL;
	int r = open_one(sel, fw, &dev);
	printf("# %s: %d (%s) \"%s\"\n", sel, r, dvr_strerror(r), last_msg);
	CHECK_EQ_INT(r, DVR_E_BUSY, what);
	CHECK(dev == NULL, "no device handed out");
	CHECK(strstr(last_msg, "already open") != NULL &&
	      strstr(last_msg, "vb-one") != NULL,
	      "the message names the adapter and says it is open already");
	if (dev)
		dvr_close(dev);
}

int main(void)
{
	char air[] = "/tmp/dvr-vbusy-XXXXXX";
	if (!mkdtemp(air))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", air, 1);
	unsetenv("DEVOURER_TRACE");
	const char *fw = check_firmware_dir();

	CHECK(strstr(dvr_strerror(DVR_E_BUSY), "in use") != NULL,
	      "DVR_E_BUSY reads as in use");

	dvr_device *first = NULL;
	CHECK_EQ_INT(open_one("virtual:vb-one", fw, &first), DVR_OK,
	             "first open of virtual:vb-one");
	expect_busy("virtual:vb-one", fw, "second open of the same name: busy");
	expect_busy("virtual:vb-one,loss=0.5", fw,
	            "same name with other options: busy too");

	dvr_device *other = NULL;
	CHECK_EQ_INT(open_one("virtual:vb-two", fw, &other), DVR_OK,
	             "another name is another adapter");
	dvr_close(other);

	/* The refused opens left the first one alone. */
	if (first && fw) {
		struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
		int r = dvr_start(first, &ch);
		if (r != DVR_OK)
			printf("# start: %s\n", dvr_last_error(first));
		CHECK_EQ_INT(r, DVR_OK, "the first handle still brings the "
		             "chip up");
	}
	dvr_close(first);

	dvr_device *again = NULL;
	CHECK_EQ_INT(open_one("virtual:vb-one", fw, &again), DVR_OK,
	             "after close the name opens again");
	dvr_close(again);

	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", air);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", air);
	return check_done();
}
