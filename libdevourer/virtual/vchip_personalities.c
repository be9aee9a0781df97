/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The chips the model can be: every personality, looked up by its chip=
 * name or by a USB id it ships under. A new chip is one more entry here
 * and its own personality_<chip>*.c files. A USB id two chips ship under
 * (13b1:0043: RTL8822BU and RTL8822CU; 2357:0115: RTL8812AU and
 * RTL8822BU) names the first of them in this list; chip= picks the
 * other.
 */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "libdevourer/virtual/vchip_personality.h"

static const struct vchip_personality *const all[] = {
	&vchip_personality_8812a, /* the default */
	&vchip_personality_8822c,
	&vchip_personality_8822b,
	&vchip_personality_8821c,
	&vchip_personality_8822e,
	&vchip_personality_8821a,
	&vchip_personality_8814a,
};

#define N_ALL (sizeof all / sizeof all[0])

const struct vchip_personality *vchip_personality_default(void)
{
	return all[0];
}

const struct vchip_personality *vchip_personality_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < N_ALL; i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

const struct vchip_personality *vchip_personality_by_usb_id(uint16_t vid,
                                                            uint16_t pid)
{
	for (size_t i = 0; i < N_ALL; i++)
		for (size_t k = 0; k < all[i]->n_usb_ids; k++)
			if (all[i]->usb_ids[k].vid == vid &&
			    all[i]->usb_ids[k].pid == pid)
				return all[i];
	return NULL;
}

static char names[128];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void build_names(void)
{
	size_t o = 0;
	for (size_t i = 0; i < N_ALL; i++) {
		size_t n = strlen(all[i]->name);
		if (o + n + 2 >= sizeof names)
			break;
		if (i)
			names[o++] = ',';
		memcpy(names + o, all[i]->name, n);
		o += n;
	}
	names[o] = '\0';
}

const char *vchip_personality_names(void)
{
	pthread_once(&names_once, build_names);
	return names;
}
