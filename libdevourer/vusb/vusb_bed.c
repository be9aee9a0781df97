/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The test-bed side of virtual USB adapters: the umockdev test bed, each
 * adapter's sysfs entry with the descriptors its chip presents at the
 * speed it enumerated at (configuration 1, one vendor-specific FF/FF/FF
 * interface with the bulk IN and bulk OUT endpoints rtw88 usb.c
 * rtw_usb_parse collects), its device node (a FIFO, see vusb_usbfs.c),
 * the ioctl handler, unplug, re-plug, and re-enumeration: a chip that
 * drops off the bus to change speed (the RTL8822CU's USB 2 -> 3 switch)
 * is removed and added again by the hub thread, on the SuperSpeed bus.
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

#define DESC_MAX 192

static int set_err(char *err, size_t len, int code, const char *fmt,
                   const char *what)
{
	if (err && len)
		snprintf(err, len, fmt, what);
	return code;
}

/* ------------------------------------------------------------------ */
/* Descriptors                                                         */
/* ------------------------------------------------------------------ */

static uint8_t *put16(uint8_t *p, unsigned v)
{
	*p++ = (uint8_t)v;
	*p++ = (uint8_t)(v >> 8);
	return p;
}

/* bcdUSB: a device that can run at SuperSpeed says 3.00 there and 2.10
 * at high speed (USB 3.2 spec 9.6.1: a USB 3 device operating at high
 * speed reports 0x0210 and has a BOS); a USB 2 chip says 2.00. */
static unsigned bcd_usb(const struct vchip_usb_desc *u)
{
	if (u->speed_mbps >= 5000)
		return 0x0300;
	return u->usb3_capable ? 0x0210 : 0x0200;
}

/* Device, configuration, interface and endpoint descriptors, as usbfs
 * hands them out (sysfs "descriptors"). Returns the length. */
static size_t build_descriptors(const struct vchip_usb_desc *u, uint8_t *b)
{
	bool ss = u->speed_mbps >= 5000;
	uint8_t *p = b;
	/* device */
	*p++ = 18; *p++ = 0x01;
	p = put16(p, bcd_usb(u));
	*p++ = 0; *p++ = 0; *p++ = 0;               /* class per interface */
	*p++ = ss ? 9 : 64;                         /* ep0 packet (2^9 on SS) */
	p = put16(p, u->vid);
	p = put16(p, u->pid);
	p = put16(p, 0x0200);                       /* bcdDevice */
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
		p = put16(p, u->bulk_max_packet);
		*p++ = 0;
		if (ss) {                           /* SS endpoint companion: */
			*p++ = 6; *p++ = 0x30;      /* no bursts, no streams */
			*p++ = 0; *p++ = 0; *p++ = 0; *p++ = 0;
		}
	}
	size_t total = (size_t)(p - cfg);
	put16(cfg + 2, (unsigned)total);
	return (size_t)(p - b);
}

/* The BOS of a USB3-capable device (either speed): a USB 2.0 extension
 * (LPM) and the SuperSpeed capability (full, high and super speed;
 * fully functional from full speed on). The U1/U2 exit latencies are
 * no reference's: plausible values, which no host here acts on. */
static size_t build_bos(const struct vchip_usb_desc *u, uint8_t *b)
{
	if (!u->usb3_capable)
		return 0;
	uint8_t *p = b;
	*p++ = 5; *p++ = 0x0F;
	p = put16(p, 5 + 7 + 10);
	*p++ = 2;
	*p++ = 7; *p++ = 0x10; *p++ = 0x02;         /* USB 2.0 extension */
	*p++ = 0x02; *p++ = 0; *p++ = 0; *p++ = 0;  /* LPM */
	*p++ = 10; *p++ = 0x10; *p++ = 0x03;        /* SuperSpeed USB */
	*p++ = 0;
	p = put16(p, 0x000E);                       /* FS | HS | SS */
	*p++ = 1;                                   /* functional from FS */
	*p++ = 10;                                  /* U1 exit, us */
	p = put16(p, 256);                          /* U2 exit, us */
	return (size_t)(p - b);
}

/* ------------------------------------------------------------------ */
/* One enumeration                                                     */
/* ------------------------------------------------------------------ */

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

/* The sysfs entry, the FIFO node and the ioctl handler of a->vc, at
 * a->bus / a->port / a->devnum. */
static int plug(struct vusb_att *a, char *err, size_t err_len)
{
	struct vusb *vb = a->dev->vb;
	const struct vchip_usb_desc *u = &a->desc;
	snprintf(a->devnode, sizeof a->devnode, "/dev/bus/usb/%03u/%03u",
	         a->bus, a->devnum);
	/* The attributes the kernel's usb_device has (drivers/usb/core
	 * sysfs.c formats), those libusb reads among them. */
	char name[16], vid[8], pid[8], busnum[8], devnum[8], speed[8], dev[16];
	char bus3[8], dev3[8], version[12], mps0[8], devpath[8], power[12];
	snprintf(name, sizeof name, "%u-%u", a->bus, a->port);
	snprintf(vid, sizeof vid, "%04x\n", u->vid);
	snprintf(pid, sizeof pid, "%04x\n", u->pid);
	snprintf(busnum, sizeof busnum, "%u\n", a->bus);
	snprintf(devnum, sizeof devnum, "%u\n", a->devnum);
	snprintf(speed, sizeof speed, "%u\n", u->speed_mbps);
	snprintf(dev, sizeof dev, "189:%u\n",
	         (a->bus - 1) * 128 + a->devnum - 1);
	snprintf(bus3, sizeof bus3, "%03u", a->bus);
	snprintf(dev3, sizeof dev3, "%03u", a->devnum);
	unsigned bcd = bcd_usb(u);
	snprintf(version, sizeof version, "%2x.%02x\n", bcd >> 8, bcd & 0xFF);
	bool ss = u->speed_mbps >= 5000;
	snprintf(mps0, sizeof mps0, "%u\n", ss ? 9u : 64u);
	snprintf(devpath, sizeof devpath, "%u\n", a->port);
	snprintf(power, sizeof power, "%umA\n", ss ? 504u : 500u);
	a->syspath = umockdev_testbed_add_device(
		vb->tb, "usb", name, NULL,
		"idVendor", vid, "idProduct", pid, "busnum", busnum,
		"devnum", devnum, "speed", speed, "version", version,
		"bcdDevice", "0200\n", "bDeviceClass", "00\n",
		"bMaxPacketSize0", mps0, "bConfigurationValue", "1\n",
		"bNumConfigurations", "1\n", "bNumInterfaces", " 1\n",
		"bmAttributes", "80\n", "bMaxPower", power,
		"devpath", devpath, "maxchild", "0\n", "dev", dev, NULL,
		"DEVTYPE", "usb_device", "DEVNAME", a->devnode, "BUSNUM", bus3,
		"DEVNUM", dev3, NULL);
	if (!a->syspath)
		return set_err(err, err_len, -EIO, "cannot add %s to the test "
		               "bed", name);
	a->in_sysfs = true;
	a->desc_len = build_descriptors(u, a->descriptors);
	a->bos_len = build_bos(u, a->bos);
	umockdev_testbed_set_attribute_binary(vb->tb, a->syspath,
	                                      "descriptors", a->descriptors,
	                                      (gint)a->desc_len);

	/* The node libusb opens: a FIFO whose fill level says "URB
	 * completed" (vusb_usbfs.c). umockdev may have left a plain file. */
	char node[512];
	snprintf(node, sizeof node, "%s%s", vb->root, a->devnode);
	unlink(node);
	int r = mkdirs(node);
	if (r < 0 || mkfifo(node, 0600) < 0)
		return set_err(err, err_len, r < 0 ? r : -errno,
		               "cannot create the device node %s", node);
	a->fifo_fd = open(node, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (a->fifo_fd < 0)
		return set_err(err, err_len, -errno, "cannot open %s", node);
	r = vusb_fifo_fill(a->fifo_fd);
	if (r < 0)
		return set_err(err, err_len, r, "cannot fill %s", node);
	a->fifo_ready = false;

	r = vusb_engine_start(a);
	if (r < 0)
		return set_err(err, err_len, r, "%s", "cannot start workers");
	a->handler = umockdev_ioctl_base_new();
	g_signal_connect(a->handler, "handle-ioctl", G_CALLBACK(vusb_on_ioctl),
	                 a);
	g_signal_connect(a->handler, "client-connected",
	                 G_CALLBACK(vusb_on_client_connected), a);
	g_signal_connect(a->handler, "client-vanished",
	                 G_CALLBACK(vusb_on_client_vanished), a);
	GError *gerr = NULL;
	if (!umockdev_testbed_attach_ioctl(vb->tb, a->devnode, a->handler,
	                                   &gerr)) {
		set_err(err, err_len, -EIO, "umockdev: %s",
		        gerr ? gerr->message : "attach_ioctl failed");
		g_clear_error(&gerr);
		return -EIO;
	}
	return 0;
}

static void leave_sysfs(struct vusb_att *a)
{
	if (a->in_sysfs) {
		umockdev_testbed_remove_device(a->dev->vb->tb, a->syspath);
		a->in_sysfs = false;
	}
}

/* Undo plug() and free a (the chip stays). */
static void att_free(struct vusb_att *a)
{
	if (!a)
		return;
	if (a->handler) {
		umockdev_testbed_detach_ioctl(a->dev->vb->tb, a->devnode, NULL);
		g_object_unref(a->handler);
		a->handler = NULL;
	}
	vusb_clients_forget(a);
	vusb_engine_stop(a);
	if (a->fifo_fd >= 0)
		close(a->fifo_fd);
	leave_sysfs(a);
	g_free(a->syspath);
	pthread_cond_destroy(&a->work);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

/* Enumerate d's chip at the speed it runs at now: on the high-speed bus
 * or, at 5000 Mbit/s, on the SuperSpeed one (where the kernel finds a
 * USB 3 device: another bus number), at the adapter's port with the
 * next free address of that bus. vb->lock held. */
static int attach(struct vusb_dev *d, char *err, size_t err_len)
{
	struct vusb *vb = d->vb;
	struct vusb_att *a = calloc(1, sizeof *a);
	if (!a)
		return -ENOMEM;
	a->dev = d;
	a->vc = d->vc;
	a->fifo_fd = -1;
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->work, NULL);
	vchip_usb_desc(d->vc, &a->desc);
	a->bus = a->desc.speed_mbps >= 5000 ? VUSB_BUS_SS : VUSB_BUS_HS;
	a->port = d->port;
	a->devnum = vb->next_devnum[a->bus]++;
	int r = a->devnum > 127 ? set_err(err, err_len, -ENOSPC, "%s",
	                                  "out of USB device addresses")
	                        : plug(a, err, err_len);
	if (r < 0) {
		att_free(a);
		return r;
	}
	d->att = a;
	return 0;
}

/* ------------------------------------------------------------------ */
/* The hub: re-enumeration                                              */
/* ------------------------------------------------------------------ */

/* d's chip dropped off the bus to come back at another speed: the
 * device leaves (its user's URBs fail with -ENODEV, its node answers
 * ENODEV until closed, its sysfs entry goes), the chip comes back, and a
 * new device appears at the new speed. vb->lock held. */
static void reenumerate(struct vusb_dev *d)
{
	struct vusb_att *old = d->att;
	vusb_engine_retire(old);
	leave_sysfs(old);
	old->next = d->left;
	d->left = old;
	d->att = NULL;
	if (vchip_reenumerate(d->vc) != 1)
		return;
	char err[160];
	if (attach(d, err, sizeof err) < 0)
		fprintf(stderr, "devourer-vusb: %s: re-enumeration: %s\n",
		        d->name, err);
}

static void *hub_main(void *arg)
{
	struct vusb *vb = arg;
	pthread_mutex_lock(&vb->hub_lock);
	while (!vb->hub_stop) {
		if (!vb->hub_work) {
			pthread_cond_wait(&vb->hub_cond, &vb->hub_lock);
			continue;
		}
		vb->hub_work = false;
		pthread_mutex_unlock(&vb->hub_lock);
		pthread_mutex_lock(&vb->lock);
		for (struct vusb_dev *d = vb->devs; d; d = d->next)
			if (d->att && vchip_reenumerate_pending(d->vc))
				reenumerate(d);
		pthread_mutex_unlock(&vb->lock);
		pthread_mutex_lock(&vb->hub_lock);
	}
	pthread_mutex_unlock(&vb->hub_lock);
	return NULL;
}

void vusb_hub_notify(struct vusb *vb)
{
	pthread_mutex_lock(&vb->hub_lock);
	vb->hub_work = true;
	pthread_cond_signal(&vb->hub_cond);
	pthread_mutex_unlock(&vb->hub_lock);
}

/* ------------------------------------------------------------------ */
/* The test bed                                                        */
/* ------------------------------------------------------------------ */

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
	/* address 1 is the root hub on a real bus */
	for (unsigned b = 0; b <= VUSB_BUS_SS; b++)
		vb->next_devnum[b] = 2;
	pthread_mutex_init(&vb->lock, NULL);
	pthread_mutex_init(&vb->hub_lock, NULL);
	pthread_cond_init(&vb->hub_cond, NULL);
	int rc = pthread_create(&vb->hub_thread, NULL, hub_main, vb);
	if (rc) {
		vusb_free(vb);
		return set_err(err, err_len, -rc, "%s",
		               "cannot start the hub thread");
	}
	vb->hub_started = true;
	*out = vb;
	return 0;
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
	snprintf(d->name, sizeof d->name, "%s", cfg->name);
	d->cfg = *cfg;
	d->cfg.name = d->name;
	if (cfg->air_dir) {
		snprintf(d->air_dir, sizeof d->air_dir, "%s", cfg->air_dir);
		d->cfg.air_dir = d->air_dir;
	}
	int r = vchip_create(&d->cfg, &d->vc);
	if (r < 0) {
		free(d);
		return set_err(err, err_len, r, "cannot create the chip model "
		               "'%s'", cfg->name);
	}
	pthread_mutex_lock(&vb->lock);
	d->port = vb->next_port++;
	r = attach(d, err, err_len);
	d->next = vb->devs;
	vb->devs = d;
	pthread_mutex_unlock(&vb->lock);
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
	pthread_mutex_lock(&d->vb->lock);
	const char *n = d->att ? d->att->devnode : "";
	pthread_mutex_unlock(&d->vb->lock);
	return n;
}

int vusb_location(struct vusb_dev *d, unsigned *bus, unsigned *port,
                  unsigned *devnum, unsigned *speed_mbps)
{
	pthread_mutex_lock(&d->vb->lock);
	struct vusb_att *a = d->att;
	if (a) {
		*bus = a->bus;
		*port = a->port;
		*devnum = a->devnum;
		*speed_mbps = a->desc.speed_mbps;
	}
	pthread_mutex_unlock(&d->vb->lock);
	return a ? 0 : -ENODEV;
}

void vusb_unplug(struct vusb_dev *d)
{
	vchip_unplug(d->vc);
	pthread_mutex_lock(&d->vb->lock);
	/* Gone from sysfs: a new scan no longer lists it. The node and the
	 * handler stay until re-plug so the client can still reap. */
	if (d->att) {
		vusb_engine_kick(d->att);
		leave_sysfs(d->att);
	}
	pthread_mutex_unlock(&d->vb->lock);
}

static void free_atts(struct vusb_dev *d)
{
	att_free(d->att);
	d->att = NULL;
	while (d->left) {
		struct vusb_att *a = d->left;
		d->left = a->next;
		att_free(a);
	}
}

int vusb_replug(struct vusb_dev *d)
{
	pthread_mutex_lock(&d->vb->lock);
	free_atts(d);
	vchip_destroy(d->vc);
	d->vc = NULL;
	int r = vchip_create(&d->cfg, &d->vc);
	char err[160] = "";
	if (r == 0)
		r = attach(d, err, sizeof err);
	pthread_mutex_unlock(&d->vb->lock);
	if (r < 0 && err[0])
		fprintf(stderr, "devourer-vusb: re-plug: %s\n", err);
	return r;
}

void vusb_get_stats(struct vusb_dev *d, struct vusb_stats *out)
{
	memset(out, 0, sizeof *out);
	pthread_mutex_lock(&d->vb->lock);
	struct vusb_att *a = d->att;
	if (a) {
		pthread_mutex_lock(&a->lock);
		*out = a->stats;
		pthread_mutex_unlock(&a->lock);
	}
	pthread_mutex_unlock(&d->vb->lock);
}

void vusb_free(struct vusb *vb)
{
	if (!vb)
		return;
	if (vb->hub_started) {
		pthread_mutex_lock(&vb->hub_lock);
		vb->hub_stop = true;
		pthread_cond_signal(&vb->hub_cond);
		pthread_mutex_unlock(&vb->hub_lock);
		pthread_join(vb->hub_thread, NULL);
	}
	/* Unplug first so no worker waits in the model any more. */
	for (struct vusb_dev *d = vb->devs; d; d = d->next)
		if (d->vc)
			vchip_unplug(d->vc);
	while (vb->devs) {
		struct vusb_dev *d = vb->devs;
		vb->devs = d->next;
		free_atts(d);
		vchip_destroy(d->vc);
		free(d);
	}
	pthread_cond_destroy(&vb->hub_cond);
	pthread_mutex_destroy(&vb->hub_lock);
	pthread_mutex_destroy(&vb->lock);
	g_object_unref(vb->tb);
	g_free(vb->root);
	free(vb);
}
