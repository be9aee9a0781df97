/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The test-bed side of virtual USB adapters: the umockdev test bed, each
 * adapter's sysfs entry with the descriptors an RTL8812AU presents
 * (rtw88 rtw8812au.c matches the interface, usb.c rtw_usb_parse walks
 * it: configuration 1, one vendor-specific FF/FF/FF
 * interface, bulk IN 0x81 and the bulk OUT endpoints), its device node
 * (a FIFO, see vusb_usbfs.c), the ioctl handler, unplug and re-plug.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libdevourer/vusb/vusb_internal.h"

#define BUS 1u
#define DESC_MAX 128

static int set_err(char *err, size_t len, int code, const char *fmt,
                   const char *what)
{
	if (err && len)
		snprintf(err, len, fmt, what);
	return code;
}

int vusb_new(struct vusb **out, char *err, size_t err_len)
{
	*out = NULL;
	/* The preload sleeps (usleep(0)) after every emulated ioctl; with the
	 * default 50 us timer slack that halves throughput. Children started
	 * from here inherit the setting. */
	prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
	struct vusb *vb = calloc(1, sizeof *vb);
	if (!vb)
		return -ENOMEM;
	vb->tb = umockdev_testbed_new();
	if (!vb->tb) {
		free(vb);
		return set_err(err, err_len, -EIO, "%s",
		               "cannot create the umockdev test bed");
	}
	vb->root = umockdev_testbed_get_root_dir(vb->tb);
	vb->next_port = 1;
	vb->next_devnum = 2; /* 1 is the root hub on a real bus */
	*out = vb;
	return 0;
}

/* Device, configuration, interface and endpoint descriptors, as usbfs
 * hands them out (sysfs "descriptors"). */
static size_t build_descriptors(const struct vchip_usb_desc *u, uint8_t *b)
{
	bool ss = u->speed_mbps >= 5000;
	uint8_t *p = b;
	/* device */
	*p++ = 18; *p++ = 1;
	*p++ = 0x00; *p++ = ss ? 0x03 : 0x02;       /* bcdUSB */
	*p++ = 0; *p++ = 0; *p++ = 0;               /* class per interface */
	*p++ = ss ? 9 : 64;                         /* ep0 packet (2^9 on SS) */
	*p++ = (uint8_t)u->vid; *p++ = (uint8_t)(u->vid >> 8);
	*p++ = (uint8_t)u->pid; *p++ = (uint8_t)(u->pid >> 8);
	*p++ = 0x00; *p++ = 0x02;                   /* bcdDevice */
	*p++ = 0; *p++ = 0; *p++ = 0;               /* no strings */
	*p++ = 1;                                   /* one configuration */
	/* configuration */
	uint8_t *cfg = p;
	unsigned n_ep = u->n_out + 1;
	*p++ = 9; *p++ = 2;
	p += 2;                                     /* wTotalLength below */
	*p++ = 1;                                   /* one interface */
	*p++ = 1;                                   /* bConfigurationValue */
	*p++ = 0;
	*p++ = 0x80;                                /* bus powered */
	*p++ = ss ? 63 : 250;                       /* 504 / 500 mA */
	/* interface 0: vendor specific */
	*p++ = 9; *p++ = 4;
	*p++ = 0; *p++ = 0;
	*p++ = (uint8_t)n_ep;
	*p++ = 0xFF; *p++ = 0xFF; *p++ = 0xFF;
	*p++ = 0;
	/* bulk IN first, then the OUT endpoints, as the chip lists them */
	for (unsigned i = 0; i < n_ep; i++) {
		uint8_t addr = i == 0 ? u->in_ep : u->out_ep[i - 1];
		*p++ = 7; *p++ = 5;
		*p++ = addr;
		*p++ = 0x02;                        /* bulk */
		*p++ = (uint8_t)u->bulk_max_packet;
		*p++ = (uint8_t)(u->bulk_max_packet >> 8);
		*p++ = 0;
		if (ss) {                           /* SS endpoint companion */
			*p++ = 6; *p++ = 0x30;
			*p++ = 0; *p++ = 0; *p++ = 0; *p++ = 0;
		}
	}
	size_t total = (size_t)(p - cfg);
	cfg[2] = (uint8_t)total;
	cfg[3] = (uint8_t)(total >> 8);
	return (size_t)(p - b);
}

static int mkdirs(const char *path)
{
	char tmp[512];
	snprintf(tmp, sizeof tmp, "%s", path);
	for (char *s = tmp + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
			return -errno;
		*s = '/';
	}
	return 0;
}

/* The sysfs entry, the FIFO node and the ioctl handler of d->vc. */
static int plug(struct vusb_dev *d, char *err, size_t err_len)
{
	struct vusb *vb = d->vb;
	vchip_usb_desc(d->vc, &d->desc);
	d->devnum = vb->next_devnum++;
	if (d->devnum > 127)
		return set_err(err, err_len, -ENOSPC, "%s",
		               "out of USB device addresses");
	snprintf(d->devnode, sizeof d->devnode, "/dev/bus/usb/%03u/%03u", BUS,
	         d->devnum);
	char name[16], vid[8], pid[8], busnum[8], devnum[8], speed[8], dev[16];
	char bus3[8], dev3[8];
	snprintf(name, sizeof name, "%u-%u", BUS, d->port);
	snprintf(vid, sizeof vid, "%04x\n", d->desc.vid);
	snprintf(pid, sizeof pid, "%04x\n", d->desc.pid);
	snprintf(busnum, sizeof busnum, "%u\n", BUS);
	snprintf(devnum, sizeof devnum, "%u\n", d->devnum);
	snprintf(speed, sizeof speed, "%u\n", d->desc.speed_mbps);
	snprintf(dev, sizeof dev, "189:%u\n", (BUS - 1) * 128 + d->devnum - 1);
	snprintf(bus3, sizeof bus3, "%03u", BUS);
	snprintf(dev3, sizeof dev3, "%03u", d->devnum);
	d->syspath = umockdev_testbed_add_device(
		vb->tb, "usb", name, NULL,
		"idVendor", vid, "idProduct", pid, "busnum", busnum,
		"devnum", devnum, "speed", speed, "bConfigurationValue", "1\n",
		"bNumConfigurations", "1\n", "dev", dev, NULL,
		"DEVTYPE", "usb_device", "DEVNAME", d->devnode, "BUSNUM", bus3,
		"DEVNUM", dev3, NULL);
	if (!d->syspath)
		return set_err(err, err_len, -EIO, "cannot add %s to the test "
		               "bed", name);
	d->in_sysfs = true;
	uint8_t desc[DESC_MAX];
	size_t n = build_descriptors(&d->desc, desc);
	umockdev_testbed_set_attribute_binary(vb->tb, d->syspath,
	                                      "descriptors", desc, (gint)n);

	/* The node libusb opens: a FIFO whose fill level says "URB
	 * completed" (vusb_usbfs.c). umockdev may have left a plain file. */
	char node[512];
	snprintf(node, sizeof node, "%s%s", vb->root, d->devnode);
	unlink(node);
	int r = mkdirs(node);
	if (r < 0 || mkfifo(node, 0600) < 0)
		return set_err(err, err_len, r < 0 ? r : -errno,
		               "cannot create the device node %s", node);
	d->fifo_fd = open(node, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (d->fifo_fd < 0)
		return set_err(err, err_len, -errno, "cannot open %s", node);
	r = vusb_fifo_fill(d->fifo_fd);
	if (r < 0)
		return set_err(err, err_len, r, "cannot fill %s", node);
	d->fifo_ready = false;

	r = vusb_engine_start(d);
	if (r < 0)
		return set_err(err, err_len, r, "%s", "cannot start workers");
	d->handler = umockdev_ioctl_base_new();
	g_signal_connect(d->handler, "handle-ioctl", G_CALLBACK(vusb_on_ioctl),
	                 d);
	GError *gerr = NULL;
	if (!umockdev_testbed_attach_ioctl(vb->tb, d->devnode, d->handler,
	                                   &gerr)) {
		set_err(err, err_len, -EIO, "umockdev: %s",
		        gerr ? gerr->message : "attach_ioctl failed");
		g_clear_error(&gerr);
		return -EIO;
	}
	return 0;
}

/* Undo plug(): handler, workers, node, sysfs entry (the chip stays). */
static void unplug_bed(struct vusb_dev *d)
{
	if (d->handler) {
		umockdev_testbed_detach_ioctl(d->vb->tb, d->devnode, NULL);
		g_object_unref(d->handler);
		d->handler = NULL;
	}
	vusb_engine_stop(d);
	if (d->fifo_fd >= 0) {
		close(d->fifo_fd);
		d->fifo_fd = -1;
	}
	if (d->in_sysfs) {
		umockdev_testbed_remove_device(d->vb->tb, d->syspath);
		d->in_sysfs = false;
	}
	g_free(d->syspath);
	d->syspath = NULL;
}

int vusb_add(struct vusb *vb, const struct vchip_config *cfg,
             struct vusb_dev **out, char *err, size_t err_len)
{
	*out = NULL;
	if (!cfg || !cfg->name)
		return set_err(err, err_len, -EINVAL, "%s", "adapter needs a name");
	struct vusb_dev *d = calloc(1, sizeof *d);
	if (!d)
		return -ENOMEM;
	d->vb = vb;
	d->fifo_fd = -1;
	snprintf(d->name, sizeof d->name, "%s", cfg->name);
	d->cfg = *cfg;
	d->cfg.name = d->name;
	if (cfg->air_dir) {
		snprintf(d->air_dir, sizeof d->air_dir, "%s", cfg->air_dir);
		d->cfg.air_dir = d->air_dir;
	}
	pthread_mutex_init(&d->lock, NULL);
	pthread_cond_init(&d->work, NULL);
	int r = vchip_create(&d->cfg, &d->vc);
	if (r < 0) {
		pthread_cond_destroy(&d->work);
		pthread_mutex_destroy(&d->lock);
		free(d);
		return set_err(err, err_len, r, "cannot create the chip model "
		               "'%s'", cfg->name);
	}
	d->port = vb->next_port++;
	r = plug(d, err, err_len);
	d->next = vb->devs;
	vb->devs = d;
	if (r < 0)
		return r; /* freed with the test bed */
	*out = d;
	return 0;
}

struct vchip *vusb_chip(struct vusb_dev *d)
{
	return d->vc;
}

const char *vusb_devnode(const struct vusb_dev *d)
{
	return d->devnode;
}

void vusb_unplug(struct vusb_dev *d)
{
	vchip_unplug(d->vc);
	vusb_engine_kick(d);
	/* Gone from sysfs: a new scan no longer lists it. The node and the
	 * handler stay until re-plug so the client can still reap. */
	if (d->in_sysfs) {
		umockdev_testbed_remove_device(d->vb->tb, d->syspath);
		d->in_sysfs = false;
	}
}

int vusb_replug(struct vusb_dev *d)
{
	unplug_bed(d);
	vchip_destroy(d->vc);
	d->vc = NULL;
	int r = vchip_create(&d->cfg, &d->vc);
	if (r < 0)
		return r;
	char err[160];
	r = plug(d, err, sizeof err);
	if (r < 0)
		fprintf(stderr, "devourer-vusb: re-plug: %s\n", err);
	return r;
}

void vusb_get_stats(struct vusb_dev *d, struct vusb_stats *out)
{
	pthread_mutex_lock(&d->lock);
	*out = d->stats;
	pthread_mutex_unlock(&d->lock);
}

void vusb_free(struct vusb *vb)
{
	if (!vb)
		return;
	/* Unplug first so no worker waits in the model any more. */
	for (struct vusb_dev *d = vb->devs; d; d = d->next)
		if (d->vc)
			vchip_unplug(d->vc);
	while (vb->devs) {
		struct vusb_dev *d = vb->devs;
		vb->devs = d->next;
		unplug_bed(d);
		vchip_destroy(d->vc);
		pthread_cond_destroy(&d->work);
		pthread_mutex_destroy(&d->lock);
		free(d);
	}
	g_object_unref(vb->tb);
	g_free(vb->root);
	free(vb);
}
