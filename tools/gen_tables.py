#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Turn a Realtek register-table JSON (tools/tables/<chip>.json)
into C source for hal/<chip>/<chip>_tables.{c,h}.

Only the standard library is used, and the output depends on nothing but the
JSON, so running the script twice gives byte-identical files; the hal test
suite checks that the committed files match a fresh run.

    tools/gen_tables.py tools/tables/rtw8812a.json hal/rtl8812a
    tools/gen_tables.py tools/tables/rtw8821a.json hal/rtl8821a
    tools/gen_tables.py tools/tables/rtw8822c.json hal/rtl8822c
    tools/gen_tables.py tools/tables/rtw8822b.json hal/rtl8822b
    tools/gen_tables.py tools/tables/rtw8821c.json hal/rtl8821c
    tools/gen_tables.py tools/tables/rtw8822e.json hal/rtl8822e
    tools/gen_tables.py tools/tables/rtw8814a.json hal/rtl8814a
"""

import argparse
import json
import os
import sys

# Per chip (key = JSON file name without .json):
#   prefix, base  - C prefix and output base name
#   pairs         - u32 pair tables the HAL walks with dvr_phy_table_walk()
#   pwr, flows    - power-sequence sub-flows, and the flows built from them
#   pwrtrk        - emit every `pwrtrk_u8` table (thermal power tracking:
#                   BB swing steps by thermal delta), in JSON order
#   pg, lmt       - power-by-rate and regulatory-limit tables
#   pg_bcd        - say in the header that the by-rate bytes are BCD
#                   (rtw88 hw_spec is_pwr_by_rate_dec)
#   rfe_defs      - emit the JSON's `rfe_defs` as <prefix>_rfe_defs[]: per
#                   RFE option its by-rate and limit table (and AGC-BTG
#                   table where the chip has one); the pg, lmt and pairs
#                   lists must hold exactly the tables it names;
#                   rfe_option: where the chip's option comes from
# The 8822C has no MAC table (its MAC set-up is code; the JSON's `mac` is
# empty and an empty C array is not valid C11), and one more BB-kind table,
# the RF-calibration init block (`array_mp_cal_init`).
CHIPS = {
    "rtw8812a": {
        "prefix": "rtl8812a", "base": "rtl8812a_tables",
        "pairs": ["mac", "bb", "agc", "agc_diff_lb", "agc_diff_hb", "rf_a", "rf_b"],
        "pwr": ["trans_carddis_to_cardemu", "trans_cardemu_to_act",
                "trans_act_to_lps", "trans_act_to_cardemu",
                "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow", "enter_lps_flow"],
        "pwrtrk": True,


        "pg": ["bb_pg", "bb_pg_rfe3"],
        "lmt": ["txpwr_lmt"],
    },
    # The second Jaguar1 die: one RF path, no AGC difference tables, one
    # by-rate, limit and power-tracking set for every board (rtw8821a.c
    # rtw8821a_rfe_defs has only entry 0).
    "rtw8821a": {
        "prefix": "rtl8821a", "base": "rtl8821a_tables",
        "pairs": ["mac", "bb", "agc", "rf_a"],
        "pwr": ["trans_carddis_to_cardemu", "trans_cardemu_to_act",
                "trans_act_to_lps", "trans_act_to_cardemu",
                "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow", "enter_lps_flow"],
        "pwrtrk": True,
        "pg": ["bb_pg"],
        "pg_bcd": True,
        "lmt": ["txpwr_lmt"],
    },
    "rtw8822c": {
        "prefix": "rtl8822c", "base": "rtl8822c_tables",
        "pairs": ["bb", "agc", "array_mp_cal_init", "rf_a", "rf_b"],
        "pwr": ["trans_carddis_to_cardemu", "trans_cardemu_to_act",
                "trans_act_to_cardemu", "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow"],
        # one by-rate table for every RFE type; the limit table by RFE
        # type (rtw8822c.c rfe_defs: type 5 has its own)
        "pg": ["bb_pg_type0"],
        "lmt": ["txpwr_lmt_type0", "txpwr_lmt_type5"],
        "pwrtrk": True,
    },
    # Jaguar2. Pair tables in rtw88's load order (phy.c
    # rtw_phy_load_tables: mac, bb, agc, the RFE option's AGC-BTG table,
    # then rf_tbl[] by path). By-rate and limit tables: every one that
    # rtw8822b.c / rtw8821c.c rfe_defs names. One power-tracking set
    # (pwr_track_type0_tbl) serves every RFE option on both chips.
    "rtw8822b": {
        "prefix": "rtl8822b", "base": "rtl8822b_tables",
        "pairs": ["mac", "bb", "agc", "rf_a", "rf_b"],
        "pwr": ["trans_carddis_to_cardemu", "trans_cardemu_to_act",
                "trans_act_to_cardemu", "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow"],
        # rfe_defs: option 2 -> type2/type2, 3 -> type3/type0,
        # 5 -> type5/type5 (by rate / limit)
        "pg": ["bb_pg_type2", "bb_pg_type3", "bb_pg_type5"],
        "pg_bcd": True,
        "lmt": ["txpwr_lmt_type0", "txpwr_lmt_type2", "txpwr_lmt_type5"],
        "pwrtrk": True,
        "rfe_defs": True,
        "rfe_option": "EFUSE 0xCA",
    },
    "rtw8821c": {
        "prefix": "rtl8821c", "base": "rtl8821c_tables",
        # one RF path; agc_btg_type2 is loaded after agc for RFE
        # options 2 and 4 (rfe_defs agc_btg_tbl)
        "pairs": ["mac", "bb", "agc", "agc_btg_type2", "rf_a"],
        "pwr": ["trans_carddis_to_cardemu", "trans_cardemu_to_act",
                "trans_act_to_cardemu", "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow"],
        # rfe_defs: options 0, 2, 4, 6 all take type0 / type0
        "pg": ["bb_pg_type0"],
        "pg_bcd": True,
        "lmt": ["txpwr_lmt_type0"],
        "pwrtrk": True,
        "rfe_defs": True,
        "rfe_option": "EFUSE 0xCA bits 4:0",
    },
    # RTL8814A: Jaguar1 baseband, four RF paths. Pair tables in rtw88's
    # load order (rtw8814a.c rtw8814a_mac_init: mac; rtw8814a_phy_set_param:
    # bb, agc, then rf_tbl[] by path). By-rate and limit tables: the two
    # RFE options rtw8814a_rfe_defs names (0 -> bb_pg_type0 /
    # txpwr_lmt_type0, 1 -> bb_pg / txpwr_lmt_type1; two tracking sets, so
    # the choice by option is hal/rtl8814a's). Power tracking: the two
    # sets those options use; the type 2/5/7/8 sets no rtw88 board
    # reaches are left out (type 8's 5 GHz rows have 29 values).
    "rtw8814a": {
        "prefix": "rtl8814a", "base": "rtl8814a_tables",
        "pairs": ["mac", "bb", "agc", "rf_a", "rf_b", "rf_c", "rf_d"],
        "pwr": ["init_power_on", "trans_carddis_to_cardemu",
                "trans_cardemu_to_act", "trans_act_to_cardemu",
                "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow"],
        "pg": ["bb_pg", "bb_pg_type0"],
        "pg_bcd": True,
        "lmt": ["txpwr_lmt_type0", "txpwr_lmt_type1"],
        "pwrtrk": True,
        "pwrtrk_skip": ["pwrtrk_type2_", "pwrtrk_type5_", "pwrtrk_type7_",
                        "pwrtrk_type8_"],
    },
    # Jaguar3 RTL8812EU/RTL8822EU: Realtek's own phydm arrays (as OpenIPC
    # devourer vendors them) and halmac power sequences (OpenHD
    # rtl88x2eu), GPL-2.0 only. Pair tables in the vendor's load order
    # (rtl8822e_phy.c rtl8822e_phy_init: BB, AGC, RF-calibration init,
    # RF A, RF B). By-rate: bb_pg only (phydm_hwconfig.c never loads
    # bb_pg_type5). Limits: txpwr_lmt only (the vendor's rfe_type 5
    # branch is commented out), its rows converted to rtw88's form by
    # vendor_lmt_rows (TX-count column, regulation numbering, "WW").
    "rtw8822e": {
        "prefix": "rtl8822e", "base": "rtl8822e_tables",
        "pairs": ["bb", "agc", "array_mp_cal_init", "rf_a", "rf_b"],
        "pwr": ["trans_carddis_to_cardemu", "trans_cardemu_to_act",
                "trans_act_to_cardemu", "trans_cardemu_to_carddis"],
        "flows": ["card_enable_flow", "card_disable_flow"],
        "pg": ["bb_pg"],
        "lmt": ["txpwr_lmt"],
        "lmt_vendor": True,
        "pwrtrk": True,
        "pwrtrk_skip": ["pwrtrk_tssi_"],
        "licence": "gpl2",
        "headline": True,
    },
}

BSD_NOTICE = """\
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are
 * met:
 * 1. Redistributions of source code must retain the above copyright notice,
 *    this list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its
 *    contributors may be used to endorse or promote products derived from
 *    this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS
 * IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO,
 * THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
 * PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR
 * CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
 * PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
 * LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
 * NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""


def fail(msg):
    sys.stderr.write("gen_tables.py: %s\n" % msg)
    sys.exit(1)


GPL2_NOTICE = """\
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of version 2 of the GNU General Public License as
 * published by the Free Software Foundation.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
 * more details.
"""


def header_comment_gpl2(prov, json_name, what):
    """Vendor tables: no SPDX line in the sources, Realtek's GPL-2.0 notice
    in each header comment (recorded in the JSON). The generated files are
    GPL-2.0-only, whatever the rest of devourer is."""
    if prov.get("spdx_license") is not None or \
            "version 2 of the GNU General Public License" not in prov.get("license_line", ""):
        fail("unexpected licence in %s" % json_name)
    lines = [
        "/* SPDX-License-Identifier: GPL-2.0-only */",
        "/*",
        " * %s" % what,
        " *",
        " * generated by tools/gen_tables.py \u2014 do not edit.",
        " * Input: %s (neutral JSON of the values)." % json_name,
        " * Values from Realtek's vendor driver:",
    ]
    copyrights = prov.get("copyright", {})
    srcs = list(prov.get("sources", []))
    extra = prov.get("additional_source")
    if extra:
        srcs.append(extra)
    for src in srcs:
        lines.append(" *   %s, commit %s," % (src["repository"], src["commit"]))
        lines.append(" *   file %s (git blob %s)" % (src["source_path"],
                                                   src["source_git_blob"]))
    notices = []
    for src in srcs:
        c = copyrights.get(src["source_path"]) if isinstance(copyrights, dict) else None
        c = c or src.get("copyright")
        if not c:
            fail("no copyright line for %s" % src["source_path"])
        c = " ".join(c.split())
        if c not in notices:
            notices.append(c)
    lines.append(" * used under their licence, GPL-2.0 only: a build that")
    lines.append(" * includes this file is a GPL-2.0 work (tools/tables/README.md).")
    lines.append(" *")
    lines.extend(" * %s" % c for c in notices)
    lines.append(" *")
    return "\n".join(lines) + "\n" + GPL2_NOTICE + " */\n"


def header_comment(prov, json_name, what, licence="bsd"):
    if licence == "gpl2":
        return header_comment_gpl2(prov, json_name, what)
    spdx = prov.get("spdx_license", "")
    if spdx != "GPL-2.0 OR BSD-3-Clause":
        fail("unexpected licence %r in %s" % (spdx, json_name))
    lines = [
        "/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */",
        "/*",
        " * %s" % what,
        " *",
        " * generated by tools/gen_tables.py \u2014 do not edit.",
        " * Input: %s (neutral JSON of the values)." % json_name,
        " * Values from %s, commit %s," % (prov["repository"], prov["commit"]),
        " * file %s (git blob %s)," % (prov["source_path"], prov["source_git_blob"]),
    ]
    extra = prov.get("additional_source")
    if extra:
        if extra.get("spdx_license") != spdx:
            fail("unexpected licence of %s" % extra.get("source_path"))
        lines.append(" * and file %s (git blob %s)" % (
            extra["source_path"], extra["source_git_blob"]))
        lines.append(" * of the same commit,")
    lines += [
        " * used under its licence %s (the BSD-3-Clause option)." % spdx,
        " *",
        " * %s" % prov["copyright"],
        " *",
    ]
    return "\n".join(lines) + "\n" + BSD_NOTICE + " */\n"


def u32(v, where):
    if not isinstance(v, int) or v < 0 or v > 0xFFFFFFFF:
        fail("%s: value %r is not a u32" % (where, v))
    return v


def emit_pairs(out, prefix, name, table):
    pairs = table["pairs"]
    if len(pairs) != table["count"]:
        fail("%s: pair count mismatch" % name)
    if not pairs:
        # an empty C array is not valid C11: leave the table out of the
        # chip's "pairs" (as the 8822C's empty `mac`)
        fail("%s is empty; drop it from the chip's pair tables" % name)
    out.append("/* %s: %d pairs (%s) */" % (table["c_name"], len(pairs), table["kind"]))
    out.append("const uint32_t %s_%s[] = {" % (prefix, name))
    for i, p in enumerate(pairs):
        if len(p) != 2:
            fail("%s[%d]: not a pair" % (name, i))
        out.append("\t0x%08x, 0x%08x," % (u32(p[0], name), u32(p[1], name)))
    out.append("};")
    out.append("const size_t %s_%s_len = %d;" % (prefix, name, 2 * len(pairs)))
    out.append("")


def emit_pwr(out, prefix, name, table):
    rows = table["rows"]
    out.append("/* %s: %d rows */" % (table["c_name"], len(rows)))
    out.append("static const struct dvr_pwr_cmd %s_%s[] = {" % (prefix, name))
    for i, r in enumerate(rows):
        for f, lim in (("offset", 0xFFFF), ("cut_mask", 0xFF), ("intf_mask", 0xFF),
                       ("base", 0xF), ("cmd", 0xF), ("mask", 0xFF), ("value", 0xFF)):
            if not isinstance(r.get(f), int) or not 0 <= r[f] <= lim:
                fail("%s[%d].%s out of range" % (name, i, f))
        out.append("\t{ 0x%04x, 0x%02x, 0x%02x, %d, %d, 0x%02x, 0x%02x }," % (
            r["offset"], r["cut_mask"], r["intf_mask"], r["base"], r["cmd"],
            r["mask"], r["value"]))
    if not rows or rows[-1]["cmd"] != 4:
        fail("%s: does not end with an END row" % name)
    out.append("};")
    out.append("")


PWRTRK_SZ = 30  # rtw88 main.h RTW_PWR_TRK_TBL_SZ


def pwrtrk_tables(data, skip=()):
    """(name, rows) of every pwrtrk_u8 table; rows None for a flat one.
    Tables whose name starts with a prefix in @skip are left out."""
    out = []
    for name, t in data.items():
        if not isinstance(t, dict) or t.get("kind") != "pwrtrk_u8":
            continue
        if any(name.startswith(p) for p in skip):
            continue
        d = t["data"]
        flat = not isinstance(d[0], list)
        rows = [d] if flat else d
        for i, r in enumerate(rows):
            if len(r) != PWRTRK_SZ or not all(isinstance(v, int) and 0 <= v <= 0xFF for v in r):
                fail("%s[%d]: not %d u8 values" % (name, i, PWRTRK_SZ))
        out.append((name, t, None if flat else len(rows)))
    if not out:
        fail("no pwrtrk_u8 tables")
    return out


def pwrtrk_decl(prefix, name, nrows):
    dims = "[%d][%s_PWRTRK_SZ]" % (nrows, prefix.upper()) if nrows else "[%s_PWRTRK_SZ]" % prefix.upper()
    return "const uint8_t %s_%s%s" % (prefix, name, dims)


def emit_pwrtrk(out, prefix, name, table, nrows):
    out.append("/* %s */" % table["c_name"])
    out.append("%s = {" % pwrtrk_decl(prefix, name, nrows))
    rows = table["data"] if nrows else [table["data"]]
    for r in rows:
        halves = [", ".join("%d" % v for v in r[i:i + 15]) for i in (0, 15)]
        if nrows:
            out.append("\t{ %s," % halves[0])
            out.append("\t  %s }," % halves[1])
        else:
            out.extend("\t%s," % hv for hv in halves)
    out.append("};")


def emit_pg(out, prefix, name, table):
    rows = table["rows"]
    if len(rows) != table["count"]:
        fail("%s: row count mismatch" % name)
    out.append("/* %s: %d rows (band, path, tx_num, addr, mask, data) */" % (
        table["c_name"], len(rows)))
    out.append("const struct dvr_pg_row %s_%s[] = {" % (prefix, name))
    for r in rows:
        out.append("\t{ %d, %d, %d, 0x%03x, 0x%08x, 0x%08x }," % tuple(
            u32(r[f], name) for f in ("band", "rf_path", "tx_num", "addr",
                                      "bitmask", "data")))
    out.append("};")
    out.append("const size_t %s_%s_len = %d;" % (prefix, name, len(rows)))
    out.append("")


# The vendor's regulation names (phydm enum odm_pw_lmt_regulation_type,
# the driver's own numbering: FCC 0, ETSI 1, MKK 2, WW13 3, IC 4, ...; the
# JSON keeps each row's name) -> rtw88 main.h enum rtw_regulatory_domains
# (FCC 0, MKK 1, ETSI 2, IC 3, KCC 4, ACMA 5, CHILE 6, UKRAINE 7,
# MEXICO 8, CN 9), the numbering hal/common/txpwr_limit.c reads.
VENDOR_REGD = {
    "PW_LMT_REGU_FCC": 0, "PW_LMT_REGU_MKK": 1, "PW_LMT_REGU_ETSI": 2,
    "PW_LMT_REGU_IC": 3, "PW_LMT_REGU_KCC": 4, "PW_LMT_REGU_ACMA": 5,
    "PW_LMT_REGU_CHILE": 6, "PW_LMT_REGU_UKRAINE": 7,
    "PW_LMT_REGU_MEXICO": 8, "PW_LMT_REGU_CN": 9,
}
# The value that stands for "the least of the other regulations on this
# channel" (vendor hal_com_phycfg.c phy_txpwr_ww_lmt_value for a 7-bit
# index; the text tables' "WW").
VENDOR_LMT_WW = -128


def vendor_lmt_rows(name, table):
    """A vendor limit table (rows: reg, band, bw, rs CCK/OFDM/HT/VHT,
    ntx 1T/2T, ch, val) as rtw88 rows (regd, band, bw, rs with the
    stream count in it, ch, txpwr_lmt). HT and VHT take their section
    by TX count (rtw88 enum rtw_rate_section: HT_1S 2, HT_2S 3, VHT_1S 4,
    VHT_2S 5); CCK and OFDM keep their 1T rows only, as rtw88's tables
    have them (its limits have no TX-count dimension). A "WW" value is
    resolved here to the least of the other regulations' values for the
    same band, bandwidth, section, TX count and channel."""
    rs_of = {("PW_LMT_RS_CCK", 0): 0, ("PW_LMT_RS_OFDM", 0): 1,
             ("PW_LMT_RS_HT", 0): 2, ("PW_LMT_RS_HT", 1): 3,
             ("PW_LMT_RS_VHT", 0): 4, ("PW_LMT_RS_VHT", 1): 5}
    least = {}
    for r in table["rows"]:
        if r["val"] != VENDOR_LMT_WW:
            k = (r["band"], r["bw"], r["rs"], r["ntx"], r["ch"])
            least[k] = min(least.get(k, 127), r["val"])
    out = []
    for i, r in enumerate(table["rows"]):
        if r["reg_name"] not in VENDOR_REGD:
            fail("%s[%d]: unknown regulation %s" % (name, i, r["reg_name"]))
        if r["ntx"] not in (0, 1):
            fail("%s[%d]: TX count %r" % (name, i, r["ntx"]))
        rs = rs_of.get((r["rs_name"], r["ntx"]))
        if rs is None:
            continue
        val = r["val"]
        if val == VENDOR_LMT_WW:
            k = (r["band"], r["bw"], r["rs"], r["ntx"], r["ch"])
            if k not in least:
                fail("%s[%d]: WW with no other regulation" % (name, i))
            val = least[k]
        out.append({"regd": VENDOR_REGD[r["reg_name"]], "band": r["band"],
                    "bw": r["bw"], "rs": rs, "ch": r["ch"],
                    "txpwr_lmt": val})
    return out


def emit_lmt(out, prefix, name, table, vendor=False):
    rows = table["rows"]
    if len(rows) != table["count"]:
        fail("%s: row count mismatch" % name)
    if vendor:
        rows = vendor_lmt_rows(name, table)
    out.append("/* %s: %d rows (regd, band, bw, rs, ch, limit)%s */" % (
        table["c_name"], len(rows),
        ", converted to rtw88's form" if vendor else ""))
    out.append("const struct dvr_txpwr_lmt_row %s_%s[] = {" % (prefix, name))
    for i, r in enumerate(rows):
        for f in ("regd", "band", "bw", "rs", "ch"):
            if not isinstance(r.get(f), int) or not 0 <= r[f] <= 0xFF:
                fail("%s[%d].%s out of range" % (name, i, f))
        if not isinstance(r.get("txpwr_lmt"), int) or not -128 <= r["txpwr_lmt"] <= 127:
            fail("%s[%d].txpwr_lmt out of range" % (name, i))
        out.append("\t{ %d, %d, %d, %d, %d, %d }," % (
            r["regd"], r["band"], r["bw"], r["rs"], r["ch"], r["txpwr_lmt"]))
    out.append("};")
    out.append("const size_t %s_%s_len = %d;" % (prefix, name, len(rows)))
    out.append("")


def rfe_defs(data, cfg, json_name):
    """The JSON's rfe_defs rows as (option, pg, lmt, agc_btg or None), in
    option order, checked against the tables the chip entry emits; and
    whether any option has an AGC-BTG table."""
    t = data.get("rfe_defs")
    if not isinstance(t, dict) or t.get("kind") != "rfe_defs":
        fail("%s has no rfe_defs table" % json_name)
    rows = t["rows"]
    if not rows or len(rows) != t["count"]:
        fail("rfe_defs: row count mismatch")
    pg_used, lmt_used, tracks, out = set(), set(), set(), []
    for r in rows:
        opt = r.get("rfe_option")
        if not isinstance(opt, int) or not 0 <= opt < min(t["array_size"], 0x100):
            fail("rfe_defs: option %r out of range" % (opt,))
        pg, lmt, btg = r["phy_pg_tbl"], r["txpwr_lmt_tbl"], r["agc_btg_tbl"]
        if pg not in cfg.get("pg", []):
            fail("rfe_defs[%d] names %s, not among the chip's pg tables" % (opt, pg))
        if lmt not in cfg.get("lmt", []):
            fail("rfe_defs[%d] names %s, not among the chip's lmt tables" % (opt, lmt))
        if btg is not None and btg not in cfg["pairs"]:
            fail("rfe_defs[%d] names %s, not among the chip's pair tables" % (opt, btg))
        pg_used.add(pg)
        lmt_used.add(lmt)
        tracks.add(r["pwr_track_tbl"])
        out.append((opt, pg, lmt, btg))
    out.sort()
    if len({o[0] for o in out}) != len(out):
        fail("rfe_defs: an option appears twice")
    for kind, used in (("pg", pg_used), ("lmt", lmt_used)):
        for name in cfg.get(kind, []):
            if name not in used:
                fail("%s is named by no rfe_defs row" % name)
    # one power-tracking set for every option: the pwrtrk_* arrays
    if len(tracks) != 1 or not cfg.get("pwrtrk"):
        fail("rfe_defs: expected one power-tracking set, got %s" % sorted(tracks))
    track = data[tracks.pop()]
    for member, target in sorted(track["members"].items()):
        arr = target.split("[", 1)[0]
        if data.get(arr, {}).get("kind") != "pwrtrk_u8":
            fail("power-tracking member %s points at %s, not a pwrtrk_u8 table"
                 % (member, target))
    return out, any(o[3] is not None for o in out)


def rfe_def_struct(prefix, btg):
    fields = [
        ("uint8_t rfe_option;", None),
        ("const struct dvr_pg_row *pg;", "power by rate"),
        ("size_t pg_len;", "rows"),
        ("const struct dvr_txpwr_lmt_row *lmt;", "regulatory limits"),
        ("size_t lmt_len;", "rows"),
    ]
    if btg:
        fields += [("const uint32_t *agc_btg;", "loaded after agc; or NULL"),
                   ("size_t agc_btg_len;", "words")]
    lines = ["struct %s_rfe_def {" % prefix]
    for decl, note in fields:
        lines.append("\t" + decl if note is None else
                     "\t%s/* %s */" % (decl.ljust(38), note))
    lines.append("};")
    return lines


def emit_rfe_defs(out, prefix, data, defs, btg):
    t = data["rfe_defs"]
    out.append("/* %s (%s): %d RFE options */" % (
        t["c_name"], t.get("source_path", "?"), len(defs)))
    out.append("const struct %s_rfe_def %s_rfe_defs[] = {" % (prefix, prefix))
    for opt, pg, lmt, agc in defs:
        row = "\t{ %d, %s_%s, %d, %s_%s, %d" % (
            opt, prefix, pg, data[pg]["count"], prefix, lmt, data[lmt]["count"])
        if btg:
            if agc is None:
                row += ", NULL, 0"
            else:
                row += ", %s_%s, %d" % (prefix, agc, 2 * data[agc]["count"])
        out.append(row + " },")
    out.append("};")
    out.append("const size_t %s_rfe_defs_len = %d;" % (prefix, len(defs)))
    out.append("")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", help="path to tools/tables/<chip>.json")
    ap.add_argument("outdir", help="directory for the .c and .h files")
    args = ap.parse_args()

    json_name = os.path.basename(args.json)
    chip_key = json_name.rsplit(".", 1)[0]
    if chip_key not in CHIPS:
        fail("unknown chip JSON %s (known: %s)" % (json_name, ", ".join(CHIPS)))
    cfg = CHIPS[chip_key]
    prefix, base = cfg["prefix"], cfg["base"]
    pair_tables, pwr_tables, pwr_flows = cfg["pairs"], cfg["pwr"], cfg["flows"]
    pg_tables, lmt_tables = cfg.get("pg", []), cfg.get("lmt", [])
    with open(args.json, "r", encoding="utf-8") as f:
        data = json.load(f)
    prov = data["_provenance"]
    defs, btg = rfe_defs(data, cfg, json_name) if cfg.get("rfe_defs") else (None, False)

    # ---- header ----
    licence = cfg.get("licence", "bsd")
    skip = tuple(cfg.get("pwrtrk_skip", ()))
    h = [header_comment(prov, json_name, "Register tables of the %s (declarations)." % prefix.upper(), licence)]
    guard = "DVR_%s_H" % base.upper()
    h.append("#ifndef %s\n#define %s\n" % (guard, guard))
    h.append("#include <stddef.h>\n#include <stdint.h>\n")
    h.append('#include "hal/common/pwr_seq.h"')
    if pg_tables:
        h.append('#include "hal/common/txpwr_by_rate.h"')
    if lmt_tables:
        h.append('#include "hal/common/txpwr_limit.h"')
    h.append("")
    if cfg.get("headline"):
        h.append("/* Condition-row tables: u32 words, two per row, with the vendor's")
        h.append(" * \"halbb headline\" conditions (cut, RFE type); walk them with")
        h.append(" * dvr_phy_table_walk() and DVR_PHY_MATCH_HEADLINE. *_len counts")
        h.append(" * words. */")
    else:
        h.append("/* Condition-row tables: u32 words, two per row; walk them with")
        h.append(" * dvr_phy_table_walk(). *_len counts words. */")
    for name in pair_tables:
        h.append("extern const uint32_t %s_%s[];" % (prefix, name))
        h.append("extern const size_t %s_%s_len;" % (prefix, name))
    h.append("")
    h.append("/* Power flows: NULL-terminated lists of END-terminated row arrays. */")
    for name in pwr_flows:
        h.append("extern const struct dvr_pwr_cmd *const %s_%s[];" % (prefix, name))
    if cfg.get("pwrtrk"):
        h.append("")
        h.append("/* Thermal power tracking: BB swing steps by thermal delta (index")
        h.append(" * 0..%d), _p warmer and _n cooler than calibration; 5 GHz tables" % (PWRTRK_SZ - 1))
        h.append(" * have one row per sub-band (36-64, 100-144, 149-177). */")
        h.append("#define %s_PWRTRK_SZ %d" % (prefix.upper(), PWRTRK_SZ))
        for name, _t, nrows in pwrtrk_tables(data, skip):
            h.append("extern %s;" % pwrtrk_decl(prefix, name, nrows))


    if pg_tables or lmt_tables:
        h.append("")
        h.append("/* TX power tables: power by rate and regulatory limits; *_len")
        h.append(" * counts rows.%s */" % (
            "" if not cfg.get("pg_bcd") else
            " By-rate data bytes are BCD (rtw88 is_pwr_by_rate_dec)."))
    for name in pg_tables:
        h.append("extern const struct dvr_pg_row %s_%s[];" % (prefix, name))
        h.append("extern const size_t %s_%s_len;" % (prefix, name))
    for name in lmt_tables:
        h.append("extern const struct dvr_txpwr_lmt_row %s_%s[];" % (prefix, name))
        h.append("extern const size_t %s_%s_len;" % (prefix, name))
    if defs:
        src = data["rfe_defs"].get("source_path", prov["source_path"])
        h.append("")
        h.append("/* Tables by RFE option (%s), from %s" % (cfg["rfe_option"], src))
        h.append(" * %s; rtw88 refuses a board whose option is not" % (
            data["rfe_defs"]["c_name"]))
        h.append(" * listed. Every option uses the power-tracking set above. */")
        h.extend(rfe_def_struct(prefix, btg))
        h.append("extern const struct %s_rfe_def %s_rfe_defs[];" % (prefix, prefix))
        h.append("extern const size_t %s_rfe_defs_len;" % prefix)
    h.append("\n#endif /* %s */" % guard)

    # ---- source ----
    c = [header_comment(prov, json_name, "Register tables of the %s." % prefix.upper(), licence)]
    c.append('#include "%s.h"\n' % base)
    for name in pair_tables:
        if name not in data:
            fail("table %s missing from %s" % (name, json_name))
        emit_pairs(c, prefix, name, data[name])
    for name in pwr_tables:
        emit_pwr(c, prefix, name, data[name])
    for name in pg_tables:
        emit_pg(c, prefix, name, data[name])
    for name in lmt_tables:
        emit_lmt(c, prefix, name, data[name], cfg.get("lmt_vendor", False))
    if defs:
        emit_rfe_defs(c, prefix, data, defs, btg)
    for name in pwr_flows:
        flow = data[name]
        c.append("const struct dvr_pwr_cmd *const %s_%s[] = {" % (prefix, name))
        for sub in flow["sequence"]:
            if sub not in pwr_tables:
                fail("%s uses unknown sub-flow %s" % (name, sub))
            c.append("\t%s_%s," % (prefix, sub))
        c.append("\tNULL,")
        c.append("};")
        c.append("")

    if cfg.get("pwrtrk"):
        for name, t, nrows in pwrtrk_tables(data, skip):
            emit_pwrtrk(c, prefix, name, t, nrows)

    os.makedirs(args.outdir, exist_ok=True)
    for fname, lines in ((base + ".h", h), (base + ".c", c)):
        text = "\n".join(lines).rstrip("\n") + "\n"
        with open(os.path.join(args.outdir, fname), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
