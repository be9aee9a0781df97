/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The register file of the model core and the power state machine the
 * Realtek USB Wi-Fi chips share: the host reads and writes bytes of a
 * 64 KiB space; a block that is powered down reads 0xEA and drops writes
 * (which block is powered is the personality's to say); the MAC power
 * domain comes up on APFM_ONMAC (0x05 bit 0) once the power is ready and
 * goes down on APFM_OFFMAC (0x05 bit 1), both self-clearing (rtw88 mac.c
 * rtw_pwr_seq_parser / the vendor power tables: "polling 0x05[0]=0" after
 * setting it). Every side effect beyond that is the personality's.
 * Caller holds vc->lock everywhere in this file.
 */
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

#define R_APS_FSMCO 0x04      /* 0x05 bit0 APFM_ONMAC, bit1 APFM_OFFMAC */
#define R_SYS_STATUS1 0xF4
/* The MAC's free-running TSF, 64 bits of microseconds, at the same
 * address on every Realtek chip of these generations (rtw88 reg.h
 * REG_TSFTR). The model takes no writes to it (the chip loads the
 * counter from them; this driver never writes it). */
#define R_TSFTR 0x0560
#define R_TSFTR_LEN 8

uint32_t vc_reg32(const struct vchip *vc, uint16_t addr)
{
	if (addr > VC_REG_SPACE - 4)
		return 0;
	return vc_le32(&vc->regs[addr]);
}

bool vc_power_ready(const struct vchip *vc)
{
	/* Power is ready once the HPON LDO left sleep (0x23 bit 4) and
	 * neither WL suspend (0x05 bit 3) nor SW LPS (0x05 bit 2) is
	 * requested: the rows the card-enable tables clear before they poll
	 * 0x06 bit 1 (rtw88 rtw8812a.c / rtw8822c.c card_enable_flow). */
	return !(vc->regs[0x05] & 0x0C) && !(vc->regs[0x23] & 0x10);
}

static uint8_t read_byte(struct vchip *vc, uint32_t a)
{
	if (!vc->p->powered(vc, a))
		return 0xEA;
	switch (a) {
	case 0x06: {
		/* power-ready status the card-enable sequence polls */
		uint8_t v = vc->regs[a] & (uint8_t)~0x02;
		return vc_power_ready(vc) ? v | 0x02 : v;
	}
	case R_SYS_STATUS1 + 1:
		/* bit 0 reads 1 while the MAC is off (rtw88 mac.c
		 * rtw_mac_power_switch checks it on USB) */
		return (uint8_t)((vc->regs[a] & ~1u) | (vc->mac_on ? 0 : 1));
	default:
		return vc->p->read8(vc, a);
	}
}

/* The TSF as it reads now: microseconds since the MAC powered on, the
 * clock the RX descriptors' TSFL is stamped from (vchip_rx.c). */
uint64_t vc_tsf_us(const struct vchip *vc)
{
	uint64_t now = air_now_ns();
	return now > vc->tsf_base_ns ? (now - vc->tsf_base_ns) / 1000 : 0;
}

void vc_reg_read(struct vchip *vc, uint16_t addr, uint8_t *out, size_t len)
{
	/* One read samples the counter once, as the chip latches a
	 * register read: its bytes never straddle a carry. */
	bool tsf_read = false;
	uint64_t tsf = 0;
	for (size_t i = 0; i < len; i++) {
		uint32_t a = (uint32_t)addr + i;
		if (a >= VC_REG_SPACE) {
			out[i] = 0xEA;
		} else if (a >= R_TSFTR && a < R_TSFTR + R_TSFTR_LEN &&
		           vc->mac_on && vc->p->powered(vc, a)) {
			if (!tsf_read) {
				tsf = vc_tsf_us(vc);
				tsf_read = true;
			}
			out[i] = (uint8_t)(tsf >> (8 * (a - R_TSFTR)));
		} else {
			out[i] = read_byte(vc, a);
		}
	}
}

bool vc_store(struct vchip *vc, uint32_t a, uint8_t v)
{
	if (a >= VC_REG_SPACE)
		return false;
	if (!vc->p->powered(vc, a)) {
		vc->writes_ignored++;
		return false;
	}
	vc->regs[a] = v;
	return true;
}

static void power_on_mac(struct vchip *vc)
{
	vc->mac_on = true;
	vc->tsf_base_ns = air_now_ns();
	vc->p->mac_power(vc, true);
	vc_milestone(vc, VCHIP_M_POWER_ON);
}

static void power_off_mac(struct vchip *vc)
{
	vc->mac_on = false;
	vc->p->mac_power(vc, false);
	vc_milestone(vc, VCHIP_M_POWER_OFF);
}

void vc_power_fsm_written(struct vchip *vc)
{
	uint8_t v = vc->regs[R_APS_FSMCO + 1];
	if (v & 0x02) { /* APFM_OFFMAC: MAC off, bit self-clears */
		vc->regs[R_APS_FSMCO + 1] &= (uint8_t)~0x02;
		if (vc->mac_on)
			power_off_mac(vc);
	}
	if (v & 0x01) {
		/* APFM_ONMAC completes (and self-clears) only when power is
		 * ready; otherwise the bit stays set and a driver polling for
		 * it to clear times out, as on the chip. */
		if (vc_power_ready(vc)) {
			vc->regs[R_APS_FSMCO + 1] &= (uint8_t)~0x01;
			if (!vc->mac_on)
				power_on_mac(vc);
		}
	}
}

void vc_reg_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                  size_t len)
{
	if ((uint32_t)addr + len > VC_REG_SPACE)
		return; /* the control path rejects this before */
	vc->p->write(vc, addr, data, len);
}

void vc_set_tuning(struct vchip *vc, const struct vchip_tuning *t)
{
	bool changed = t->channel != vc->tuning.channel ||
	               t->center != vc->tuning.center ||
	               t->bw_mhz != vc->tuning.bw_mhz ||
	               t->band_5g != vc->tuning.band_5g;
	vc->tuning = *t;
	if (changed && t->channel)
		vc_milestone(vc, VCHIP_M_CHANNEL);
}
