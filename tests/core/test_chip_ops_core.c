/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The core's side of the optional chip ops, driven with chips of the
 * test's own over a virtual adapter (dvr_core_open with a test registry):
 *  - probe: every chip listing the VID:PID is asked in registry order, the
 *    first DVR_OK drives; all DVR_E_NOT_FOUND fails naming the VID:PID and
 *    the chip-id read; another error stops the search;
 *  - usb_mode_switch: *reenumerating closes the transport, the device is
 *    found again and probed again; a chip that never settles is refused;
 *  - clear_halt_before_tx: a halted bulk OUT is cleared at open;
 *  - calibrate: its own init stage after "channel", only when present;
 *  - TX power in mBm: rounded to the chip's step, clamped, read back.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <devourer/devourer.h>

#include "hal/hal.h"
#include "libdevourer/src/device_internal.h"
#include "libdevourer/virtual/vchip.h"
#include "libdevourer/virtual/vchip_fault.h"
#include "tests/check.h"

#define STATION "opsprobe"

/* What the fake chips saw. */
static char probe_order[64];
static int switches_asked;      /* usb_mode_switch calls */
static int switches_wanted;     /* how many of them re-enumerate */
static int calibrations;
static int last_index = -1;
static bool arm_stall_in_probe;
static char last_log[512];

static const char *stages[16];
static size_t n_stages;

static void on_event(void *user, const struct dvr_event *ev)
{
	(void)user;
	if (ev->type == DVR_EVENT_INIT_STAGE && n_stages < 16)
		stages[n_stages++] = ev->init.stage;
}

static void on_log(void *user, enum dvr_log_level level, const char *msg)
{
	(void)user;
	if (level == DVR_LOG_ERROR)
		snprintf(last_log, sizeof last_log, "%s", msg);
}

static void note(char c)
{
	size_t n = strlen(probe_order);
	if (n + 1 < sizeof probe_order) {
		probe_order[n] = c;
		probe_order[n + 1] = '\0';
	}
}

/* Chip "A": another die behind the same VID:PID; reads its chip-id. */
static int probe_not_me(struct dvr_chip *chip)
{
	note('A');
	chip->id.sys_cfg = dvr_r32(chip->io, 0x00F0);
	return DVR_E_NOT_FOUND;
}

/* Chip "E": the probe fails on the bus. */
static int probe_broken(struct dvr_chip *chip)
{
	note('E');
	return dvr_chip_fail(chip, DVR_E_IO, "chip-id read failed");
}

/* Chip "B": the one behind the bus. */
static int probe_me(struct dvr_chip *chip)
{
	note('B');
	if (arm_stall_in_probe) {
		struct vchip *vc = vchip_find(STATION);
		struct vchip_fault f = {.kind = VCHIP_FAULT_STALL};
		if (!vc || vchip_fault_arm(vc, &f) != 0)
			return DVR_E_CHIP;
		(void)dvr_r8(chip->io, 0x00F0); /* the halt takes effect */
	}
	return DVR_OK;
}

static int mode_switch(struct dvr_chip *chip, bool *reenumerating)
{
	(void)chip;
	*reenumerating = switches_asked++ < switches_wanted;
	return DVR_OK;
}

static int ok_op(struct dvr_chip *chip) { (void)chip; return DVR_OK; }
static int fw_op(struct dvr_chip *chip, const struct dvr_firmware *fw)
{
	(void)chip;
	(void)fw;
	return DVR_OK;
}
static int monitor_op(struct dvr_chip *chip, bool keep)
{
	(void)chip;
	(void)keep;
	return DVR_OK;
}
static int channel_op(struct dvr_chip *chip, const struct dvr_channel *ch)
{
	(void)chip;
	(void)ch;
	return DVR_OK;
}
static int calibrate_op(struct dvr_chip *chip)
{
	(void)chip;
	calibrations++;
	/* It runs after the channel stage. */
	return n_stages > 0 && strcmp(stages[n_stages - 1], "channel") == 0
		       ? DVR_OK
		       : DVR_E_STATE;
}
static int power_op(struct dvr_chip *chip, int index)
{
	chip->tx_power_index = index;
	last_index = index;
	return DVR_OK;
}
static int idle_op(struct dvr_chip *chip, unsigned ms)
{
	(void)chip;
	(void)ms;
	return DVR_OK;
}
static void off_op(struct dvr_chip *chip) { (void)chip; }
static unsigned out_op(const struct dvr_chip *chip, unsigned n)
{
	(void)chip;
	(void)n;
	return 0;
}
static int desc_op(const struct dvr_chip *chip, uint8_t *desc,
                   const struct dvr_tx_desc_req *req)
{
	(void)chip;
	(void)req;
	memset(desc, 0, 40);
	return 40;
}
static int rx_op(const struct dvr_chip *chip, const uint8_t *p, size_t avail,
                 struct dvr_rx_pkt *out)
{
	(void)chip;
	(void)p;
	(void)avail;
	(void)out;
	return DVR_E_INVALID;
}

#define BASE_OPS                                                             \
	.identify = ok_op, .power_on = ok_op, .download_firmware = fw_op,    \
	.mac_init = ok_op, .phy_init = ok_op, .set_monitor = monitor_op,     \
	.set_channel = channel_op, .set_tx_power = power_op,                 \
	.wait_tx_idle = idle_op, .power_off = off_op, .tx_out_index = out_op, \
	.build_tx_desc = desc_op, .parse_rx_pkt = rx_op

static const struct dvr_chip_ops ops_a = {BASE_OPS, .probe = probe_not_me};
static const struct dvr_chip_ops ops_e = {BASE_OPS, .probe = probe_broken};
static const struct dvr_chip_ops ops_b = {BASE_OPS, .probe = probe_me,
	                                  .usb_mode_switch = mode_switch,
	                                  .calibrate = calibrate_op};
static const struct dvr_chip_ops ops_plain = {BASE_OPS};

/* The chip model's default identity. */
static const struct dvr_usb_id ids[] = {{0x0BDA, 0x8812}};

#define BASE_INFO                                                            \
	.usb_ids = ids, .n_usb_ids = 1, .fw_file = "rtw8812a_fw.bin",        \
	.tx_desc_len = 40, .rx_desc_len = 24, .rx_agg_align = 8,             \
	.max_tx_frame = 2304, .max_rx_pkt = 12000, .rf_paths = 2,            \
	.max_nss = 2, .max_bw_mhz = 80, .has_5ghz = true,                    \
	.preferred_tx_mode = DVR_TX_SYNC, .default_tx_power = 32,            \
	.tx_power_min = 0, .tx_power_max = 63, .tx_power_step_mbm = 50,      \
	.tx_agg_max = 1

static const struct dvr_chip_info chip_a = {BASE_INFO, .name = "A",
	                                    .ops = &ops_a};
static const struct dvr_chip_info chip_e = {BASE_INFO, .name = "E",
	                                    .ops = &ops_e};
static const struct dvr_chip_info chip_b = {BASE_INFO, .name = "B",
	                                    .ops = &ops_b,
	                                    .clear_halt_before_tx = true};
static const struct dvr_chip_info chip_plain = {BASE_INFO, .name = "plain",
	                                        .ops = &ops_plain};

static void reset(void)
{
	probe_order[0] = '\0';
	switches_asked = switches_wanted = calibrations = 0;
	last_index = -1;
	arm_stall_in_probe = false;
	last_log[0] = '\0';
	n_stages = 0;
}

static int open_with(const struct dvr_chip_info *const *reg,
                     const struct dvr_config *cfg, dvr_device **dev)
{
	return dvr_core_open("virtual:" STATION, cfg, reg, dev);
}

static void test_probe(struct dvr_config cfg)
{
	dvr_device *dev = NULL;

	reset();
	const struct dvr_chip_info *const a_then_b[] = {&chip_a, &chip_b, NULL};
	CHECK_EQ_INT(open_with(a_then_b, &cfg, &dev), DVR_OK,
	             "probe: A declines, B drives");
	CHECK(strcmp(probe_order, "AB") == 0, "probe: registry order A, B");
	CHECK(dev && strcmp(dvr_chip_name(dev), "B") == 0, "probe: chip is B");
	dvr_close(dev);

	reset();
	const struct dvr_chip_info *const b_then_a[] = {&chip_b, &chip_a, NULL};
	CHECK_EQ_INT(open_with(b_then_a, &cfg, &dev), DVR_OK, "probe: B first");
	CHECK(strcmp(probe_order, "B") == 0, "probe: the first OK wins");
	dvr_close(dev);

	reset();
	dev = (dvr_device *)1;
	const struct dvr_chip_info *const only_a[] = {&chip_a, NULL};
	CHECK_EQ_INT(open_with(only_a, &cfg, &dev), DVR_E_UNSUPPORTED,
	             "probe: every chip declines");
	CHECK(dev == NULL, "probe: no device");
	printf("# %s\n", last_log);
	CHECK(strstr(last_log, "0bda:8812") != NULL,
	      "probe: the message names the VID:PID");
	CHECK(strstr(last_log, "chip-id 0x") != NULL,
	      "probe: the message names the chip-id read");

	reset();
	const struct dvr_chip_info *const e_then_b[] = {&chip_e, &chip_b, NULL};
	CHECK_EQ_INT(open_with(e_then_b, &cfg, &dev), DVR_E_IO,
	             "probe: a bus error stops the search");
	CHECK(strcmp(probe_order, "E") == 0, "probe: B not asked after E");
	CHECK(strstr(last_log, "chip-id read failed") != NULL,
	      "probe: the chip's message is kept");

	reset();
	const struct dvr_chip_info *const plain[] = {&chip_plain, NULL};
	CHECK_EQ_INT(open_with(plain, &cfg, &dev), DVR_OK,
	             "probe: no probe op, the VID:PID decides");
	dvr_close(dev);
}

static void test_mode_switch(struct dvr_config cfg)
{
	const struct dvr_chip_info *const reg[] = {&chip_b, NULL};
	dvr_device *dev = NULL;

	reset();
	switches_wanted = 1;
	CHECK_EQ_INT(open_with(reg, &cfg, &dev), DVR_OK,
	             "mode switch: reopened after re-enumeration");
	CHECK_EQ_INT(switches_asked, 2, "mode switch: asked again after it");
	CHECK(strcmp(probe_order, "BB") == 0,
	      "mode switch: probed again on the new device");
	CHECK(vchip_find(STATION) != NULL, "mode switch: a model is attached");
	dvr_close(dev);

	reset();
	switches_wanted = 100;
	CHECK_EQ_INT(open_with(reg, &cfg, &dev), DVR_E_CHIP,
	             "mode switch: a chip that never settles is refused");
	CHECK(switches_asked <= 3, "mode switch: bounded");
}

static void test_clear_halt(struct dvr_config cfg)
{
	dvr_device *dev = NULL;

	reset();
	arm_stall_in_probe = true;
	const struct dvr_chip_info *const reg[] = {&chip_b, NULL};
	CHECK_EQ_INT(open_with(reg, &cfg, &dev), DVR_OK, "clear halt: open");
	struct vchip *vc = vchip_find(STATION);
	struct vchip_fault_stats fs = {0};
	if (vc)
		vchip_fault_get_stats(vc, &fs);
	CHECK_EQ_INT(fs.halts_cleared, 1, "clear halt: the halt was cleared");
	dvr_close(dev);

	/* The same halt without the flag stays. */
	reset();
	arm_stall_in_probe = true;
	static const struct dvr_chip_ops ops_b_keep = {BASE_OPS,
		                                       .probe = probe_me};
	static const struct dvr_chip_info chip_b_keep = {
		BASE_INFO, .name = "B", .ops = &ops_b_keep};
	const struct dvr_chip_info *const reg2[] = {&chip_b_keep, NULL};
	CHECK_EQ_INT(open_with(reg2, &cfg, &dev), DVR_OK, "no flag: open");
	vc = vchip_find(STATION);
	memset(&fs, 0, sizeof fs);
	if (vc)
		vchip_fault_get_stats(vc, &fs);
	CHECK_EQ_INT(fs.halts_cleared, 0, "no flag: nothing cleared at open");
	dvr_close(dev);
}

static void test_calibrate_and_power(struct dvr_config cfg)
{
	const struct dvr_chip_info *const reg[] = {&chip_b, NULL};
	const struct dvr_chip_info *const plain[] = {&chip_plain, NULL};
	struct dvr_channel ch = {.channel = 36, .bw_mhz = 20};
	dvr_device *dev = NULL;

	reset();
	CHECK_EQ_INT(open_with(reg, &cfg, &dev), DVR_OK, "calibrate: open");
	if (!dev)
		return;
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 0, "power: 0 before start");
	CHECK_EQ_INT(dvr_start(dev, &ch), DVR_OK, "calibrate: start");
	CHECK_EQ_INT(calibrations, 1, "calibrate: ran once, after channel");
	CHECK(n_stages == 8 && strcmp(stages[7], "calibrate") == 0,
	      "calibrate: reported as the stage after channel");
	CHECK_EQ_INT(last_index, 32, "power: chip default index");
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1600, "power: default read back");
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 1525), DVR_OK, "power: 15.25");
	CHECK_EQ_INT(last_index, 31, "power: nearest 0.5 dB step");
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1550, "power: effective 15.5 dBm");
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, 99999), DVR_OK, "power: huge");
	CHECK_EQ_INT(last_index, 63, "power: clamped to the maximum");
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 3150, "power: max read back");
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, -300), DVR_OK, "power: -3 dBm");
	CHECK_EQ_INT(last_index, 0, "power: clamped to the minimum");
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 0, "power: min read back");
	dvr_close(dev);

	reset();
	cfg.tx_power = 1500;
	CHECK_EQ_INT(open_with(plain, &cfg, &dev), DVR_OK, "no calibrate: open");
	if (!dev)
		return;
	CHECK_EQ_INT(dvr_start(dev, &ch), DVR_OK, "no calibrate: start");
	CHECK_EQ_INT(n_stages, 7, "no calibrate: seven stages");
	for (size_t i = 0; i < n_stages; i++)
		CHECK(strcmp(stages[i], "calibrate") != 0,
		      "no calibrate: no calibrate stage");
	CHECK_EQ_INT(last_index, 30, "power: config 1500 mBm is index 30");
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), 1500, "power: config read back");
	dvr_close(dev);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (the firmware stage loads it)");
	char dir[] = "/tmp/dvr-coreops-XXXXXX";
	if (!mkdtemp(dir))
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_AIR_DIR", dir, 1);
	struct dvr_config cfg = {.on_event = on_event, .on_log = on_log,
		                 .firmware_dir = fw};
	test_probe(cfg);
	test_mode_switch(cfg);
	test_clear_halt(cfg);
	test_calibrate_and_power(cfg);
	rmdir(dir);
	return check_done();
}
