/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <string.h>

#include "libdevourer/io/io.h"

void dvr_reg_shadow_reset(struct dvr_reg_shadow *s)
{
	memset(s->key, 0, sizeof s->key);
	s->written = s->skipped = 0;
}

/* The slot of addr, or the empty slot where it would go; -1 when the table
 * is full and addr is not in it. */
static int slot_of(const struct dvr_reg_shadow *s, uint16_t addr)
{
	uint32_t key = (uint32_t)addr + 1u;
	unsigned h = ((unsigned)addr * 2654435761u) >> 7;
	for (unsigned i = 0; i < DVR_REG_SHADOW_SLOTS; i++) {
		unsigned k = (h + i) % DVR_REG_SHADOW_SLOTS;
		if (s->key[k] == key || s->key[k] == 0)
			return (int)k;
	}
	return -1;
}

static bool known(const struct dvr_reg_shadow *s, uint16_t addr, uint32_t *v)
{
	int k = slot_of(s, addr);
	if (k < 0 || s->key[k] == 0)
		return false;
	*v = s->val[k];
	return true;
}

static void remember(struct dvr_reg_shadow *s, uint16_t addr, uint32_t v)
{
	int k = slot_of(s, addr);
	if (k < 0)
		return;
	s->key[k] = (uint32_t)addr + 1u;
	s->val[k] = v;
}

bool dvr_reg_shadow_w32(struct dvr_io *io, struct dvr_reg_shadow *s,
                        uint16_t addr, uint32_t v)
{
	uint32_t old;
	if (known(s, addr, &old) && old == v) {
		s->skipped++;
		return false;
	}
	dvr_w32(io, addr, v);
	s->written++;
	/* a failed transfer leaves the register's value unknown */
	if (dvr_io_status(io) == DVR_OK)
		remember(s, addr, v);
	else
		dvr_reg_shadow_forget(s, addr);
	return true;
}

static unsigned lowest_bit(uint32_t mask)
{
	unsigned b = 0;
	while (b < 31 && !(mask & (1u << b)))
		b++;
	return b;
}

bool dvr_reg_shadow_w32_mask(struct dvr_io *io, struct dvr_reg_shadow *s,
                             uint16_t addr, uint32_t mask, uint32_t v)
{
	uint32_t old;
	if (!known(s, addr, &old)) {
		old = dvr_r32(io, addr);
		if (dvr_io_status(io) != DVR_OK)
			return false;
		remember(s, addr, old);
	}
	uint32_t nv = (old & ~mask) | ((v << lowest_bit(mask)) & mask);
	return dvr_reg_shadow_w32(io, s, addr, nv);
}

void dvr_reg_shadow_forget(struct dvr_reg_shadow *s, uint16_t addr)
{
	int k = slot_of(s, addr);
	if (k < 0 || s->key[k] == 0)
		return;
	/* Backward-shift deletion keeps every other key reachable. */
	unsigned hole = (unsigned)k;
	for (unsigned i = 1; i < DVR_REG_SHADOW_SLOTS; i++) {
		unsigned j = (hole + i) % DVR_REG_SHADOW_SLOTS;
		if (s->key[j] == 0)
			break;
		uint16_t a = (uint16_t)(s->key[j] - 1u);
		unsigned home = (((unsigned)a * 2654435761u) >> 7) %
		                DVR_REG_SHADOW_SLOTS;
		/* j's entry may move into the hole when its home is not
		 * cyclically within (hole, j] */
		bool stays = hole <= j ? (home > hole && home <= j)
		                       : (home > hole || home <= j);
		if (!stays) {
			s->key[hole] = s->key[j];
			s->val[hole] = s->val[j];
			hole = j;
			i = 0;
		}
	}
	s->key[hole] = 0;
}
