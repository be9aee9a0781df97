/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Register access with sticky errors and an optional trace (see io.h). */
#include "libdevourer/io/io.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#define DVR_IO_DEFAULT_TIMEOUT_MS 500

void dvr_io_init(struct dvr_io *io, struct dvr_transport *t)
{
	memset(io, 0, sizeof(*io));
	io->t = t;
	io->timeout_ms = DVR_IO_DEFAULT_TIMEOUT_MS;
}

int dvr_io_trace_open(struct dvr_io *io, const char *path)
{
	dvr_io_trace_close(io);
	io->trace = fopen(path, "w");
	if (!io->trace)
		return DVR_E_IO;
	/* Line buffering: a trace must survive a crash or a kill. */
	setvbuf(io->trace, NULL, _IOLBF, 0);
	return DVR_OK;
}

void dvr_io_trace_close(struct dvr_io *io)
{
	if (io->trace) {
		fclose(io->trace);
		io->trace = NULL;
	}
}

static void trace_ctrl(struct dvr_io *io, char dir, uint16_t addr,
                       const uint8_t *buf, uint16_t len)
{
	if (!io->trace)
		return;
	/* One line in several calls: hold the stream so a bulk line from
	 * another thread (RX, TX) cannot land in the middle of it. */
	flockfile(io->trace);
	fprintf(io->trace, "%c 0x%04x %u ", dir, addr, (unsigned)len);
	if (len == 1 || len == 2 || len == 4) {
		uint32_t v = 0;
		for (unsigned i = 0; i < len; i++)
			v |= (uint32_t)buf[i] << (8 * i);
		fprintf(io->trace, "0x%0*x\n", (int)(2 * len), v);
	} else {
		for (unsigned i = 0; i < len; i++)
			fprintf(io->trace, "%02x", buf[i]);
		fputc('\n', io->trace);
	}
	funlockfile(io->trace);
}

void dvr_io_trace_bulk(struct dvr_io *io, bool in, uint8_t ep, size_t len)
{
	if (io->trace)
		fprintf(io->trace, "%s 0x%02x %zu\n", in ? "RX" : "TX", ep, len);
}

/* Account for one finished control transfer (r = bytes or error, after
 * @p tries attempts) and make a failure sticky. */
static int ctrl_done(struct dvr_io *io, int r, char dir, uint16_t addr,
                     const uint8_t *buf, uint16_t len, unsigned tries)
{
	if (r >= 0 && r != len)
		r = DVR_E_IO; /* a short register transfer is a failure */
	if (r < 0) {
		io->status = r;
		io->fail_dir = dir;
		io->fail_addr = addr;
		io->fail_len = len;
		io->fail_tries = tries;
		return r;
	}
	io->ctrl_bytes += len;
	trace_ctrl(io, dir, addr, buf, len);
	return DVR_OK;
}

/*
 * One control transfer, sent again when it times out. The chip answers
 * every vendor request; one that is not answered in time was held up on
 * the way (a loaded host, a busy hub) far more often than lost by the
 * chip, and failing a whole bring-up stage on it is what a pilot would
 * see as "plug it in again". Realtek's own USB drivers (rtlwifi usb.c
 * _usbctrl_vendorreq_sync_read, the vendor usb_ops_linux.c
 * usbctrl_vendorreq with MAX_USBCTRL_VENDORREQ_TIMES) resend a failed
 * request up to ten times; rtw88 does not resend at all. We resend only
 * a timeout, and twice: a device that went away answers NO_DEVICE at
 * once, a stall or a protocol error is no matter of waiting, and three
 * timeouts in a row are a chip (or bus) that really stopped answering.
 */
static int ctrl_xfer(struct dvr_io *io, uint16_t addr, uint8_t *in,
                     const uint8_t *out, uint16_t len)
{
	unsigned tries = 0;
	int r;

	for (;;) {
		tries++;
		r = in ? io->t->ops->ctrl_in(io->t, addr, 0, in, len,
		                             io->timeout_ms)
		       : io->t->ops->ctrl_out(io->t, addr, 0, out, len,
		                              io->timeout_ms);
		if (r != DVR_E_TIMEOUT || tries > DVR_IO_TIMEOUT_RETRIES)
			break;
		io->ctrl_retries++;
	}
	return ctrl_done(io, r, in ? 'R' : 'W', addr, in ? in : out, len,
	                 tries);
}

static int io_read(struct dvr_io *io, uint16_t addr, uint8_t *buf,
                   uint16_t len)
{
	if (io->status != DVR_OK)
		return io->status;
	io->ctrl_reads++;
	return ctrl_xfer(io, addr, buf, NULL, len);
}

static int io_write(struct dvr_io *io, uint16_t addr, const uint8_t *buf,
                    uint16_t len)
{
	if (io->status != DVR_OK)
		return io->status;
	io->ctrl_writes++;
	return ctrl_xfer(io, addr, NULL, buf, len);
}

const char *dvr_io_failure(const struct dvr_io *io, char *buf, size_t len)
{
	if (!len)
		return buf;
	buf[0] = '\0';
	if (io->status == DVR_OK || !io->fail_dir)
		return buf;
	const char *what = io->status == DVR_E_TIMEOUT ? "timed out" :
	                   io->status == DVR_E_NO_DEVICE ? "found no device" :
	                   "failed";
	snprintf(buf, len, "control %s of 0x%04x (%u byte%s) %s%s%u tr%s",
	         io->fail_dir == 'R' ? "read" : "write", io->fail_addr,
	         (unsigned)io->fail_len, io->fail_len == 1 ? "" : "s", what,
	         ", ", io->fail_tries, io->fail_tries == 1 ? "y" : "ies");
	return buf;
}

/* Reads of a failed device yield all-ones, like a bus with nothing on it:
 * polls then fail their condition instead of spinning on stale zeros. */
uint8_t dvr_r8(struct dvr_io *io, uint16_t addr)
{
	uint8_t b[1];
	if (io_read(io, addr, b, 1) != DVR_OK)
		return 0xFF;
	return b[0];
}

uint16_t dvr_r16(struct dvr_io *io, uint16_t addr)
{
	uint8_t b[2];
	if (io_read(io, addr, b, 2) != DVR_OK)
		return 0xFFFF;
	return (uint16_t)(b[0] | b[1] << 8);
}

uint32_t dvr_r32(struct dvr_io *io, uint16_t addr)
{
	uint8_t b[4];
	if (io_read(io, addr, b, 4) != DVR_OK)
		return 0xFFFFFFFFu;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

void dvr_w8(struct dvr_io *io, uint16_t addr, uint8_t v)
{
	io_write(io, addr, &v, 1);
}

void dvr_w16(struct dvr_io *io, uint16_t addr, uint16_t v)
{
	uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
	io_write(io, addr, b, 2);
}

void dvr_w32(struct dvr_io *io, uint16_t addr, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
		         (uint8_t)(v >> 24) };
	io_write(io, addr, b, 4);
}

static unsigned mask_shift(uint32_t mask)
{
	return mask ? (unsigned)__builtin_ctz(mask) : 0;
}

void dvr_w8_mask(struct dvr_io *io, uint16_t addr, uint8_t mask, uint8_t v)
{
	uint8_t old = dvr_r8(io, addr);
	uint8_t nv = (uint8_t)((old & ~mask) | ((v << mask_shift(mask)) & mask));
	dvr_w8(io, addr, nv);
}

void dvr_w16_mask(struct dvr_io *io, uint16_t addr, uint16_t mask, uint16_t v)
{
	uint16_t old = dvr_r16(io, addr);
	uint16_t nv = (uint16_t)((old & ~mask) |
	                         (((uint32_t)v << mask_shift(mask)) & mask));
	dvr_w16(io, addr, nv);
}

void dvr_w32_mask(struct dvr_io *io, uint16_t addr, uint32_t mask, uint32_t v)
{
	uint32_t nv;
	if (mask == 0xFFFFFFFFu) {
		nv = v; /* whole register: no read needed */
	} else {
		uint32_t old = dvr_r32(io, addr);
		nv = (old & ~mask) | ((v << mask_shift(mask)) & mask);
	}
	dvr_w32(io, addr, nv);
}

uint32_t dvr_r32_mask(struct dvr_io *io, uint16_t addr, uint32_t mask)
{
	return (dvr_r32(io, addr) & mask) >> mask_shift(mask);
}

void dvr_write_block(struct dvr_io *io, uint16_t addr, const uint8_t *buf,
                     size_t len, size_t chunk)
{
	if (chunk == 0 || chunk > DVR_USB_CTRL_MAX)
		chunk = DVR_USB_CTRL_MAX;
	while (len > 0 && io->status == DVR_OK) {
		size_t n = len < chunk ? len : chunk;
		io_write(io, addr, buf, (uint16_t)n);
		addr = (uint16_t)(addr + n);
		buf += n;
		len -= n;
	}
}

/* Poll a register of width 1 or 4 bytes (see dvr_poll8/dvr_poll32). */
static int poll_reg(struct dvr_io *io, uint16_t addr, unsigned width,
                    uint32_t mask, uint32_t value, unsigned tries,
                    unsigned poll_us)
{
	for (unsigned i = 0; i < tries; i++) {
		uint32_t v = width == 1 ? dvr_r8(io, addr) : dvr_r32(io, addr);
		if (io->status != DVR_OK)
			return io->status;
		if ((v & mask) == (value & mask))
			return DVR_OK;
		if (poll_us)
			dvr_delay_us(poll_us);
	}
	return DVR_E_CHIP;
}

int dvr_poll8(struct dvr_io *io, uint16_t addr, uint8_t mask, uint8_t value,
              unsigned tries, unsigned poll_us)
{
	return poll_reg(io, addr, 1, mask, value, tries, poll_us);
}

int dvr_poll32(struct dvr_io *io, uint16_t addr, uint32_t mask,
               uint32_t value, unsigned tries, unsigned poll_us)
{
	return poll_reg(io, addr, 4, mask, value, tries, poll_us);
}

int dvr_io_bulk_out_sync(struct dvr_io *io, unsigned out_idx,
                         const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	if (io->status != DVR_OK)
		return io->status;
	if (out_idx >= io->t->info.n_out)
		return DVR_E_INVALID;
	int r = io->t->ops->bulk_out_sync(io->t, out_idx, buf, len, timeout_ms);
	if (r >= 0 && (size_t)r != len)
		r = DVR_E_IO;
	if (r < 0) {
		io->status = r;
		return r;
	}
	dvr_io_trace_bulk(io, false, io->t->info.out_ep[out_idx], len);
	return r;
}

static _Thread_local uint64_t delayed_us;

uint64_t dvr_delay_total_us(void)
{
	return delayed_us;
}

void dvr_delay_us(unsigned us)
{
	delayed_us += us;
	struct timespec ts = { .tv_sec = us / 1000000u,
		               .tv_nsec = (long)(us % 1000000u) * 1000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

void dvr_delay_ms(unsigned ms)
{
	dvr_delay_us(ms * 1000u);
}
