/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A qemu-user TCG plugin that counts the guest instructions a program
 * executes, for scripts/arch_insns.sh. Debian's qemu-user (7.2) loads
 * plugins (-plugin) but ships neither the contrib plugins nor their
 * header, so the few entry points used are declared here as QEMU 7.2's
 * plugin API (include/qemu/qemu-plugin.h, API version 1) defines them.
 * Built for the build machine; loaded as
 *   qemu-aarch64 -plugin ./qemu_insn_count.so,out=FILE prog args...
 * At exit FILE holds the count in decimal. Counting is inline (an add
 * per executed translation block, of its instruction count), exact for a
 * single-threaded guest such as bench/arch_insns.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
                                               struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                              enum qemu_plugin_op op,
                                              void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                    qemu_plugin_udata_cb_t cb, void *userdata);

#define EXPORT __attribute__((visibility("default")))

EXPORT extern int qemu_plugin_version;
EXPORT int qemu_plugin_version = 1;

static uint64_t insns;
static char out_path[4096];

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
	                                         &insns,
	                                         qemu_plugin_tb_n_insns(tb));
}

static void write_count(qemu_plugin_id_t id, void *user)
{
	(void)id;
	(void)user;
	FILE *f = fopen(out_path, "w");
	if (!f)
		return;
	fprintf(f, "%llu\n", (unsigned long long)insns);
	fclose(f);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                               int argc, char **argv);
EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                               int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "out=", 4) == 0)
			snprintf(out_path, sizeof(out_path), "%s", argv[i] + 4);
	if (!out_path[0]) {
		fprintf(stderr, "qemu_insn_count: needs out=FILE\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, write_count, NULL);
	return 0;
}
