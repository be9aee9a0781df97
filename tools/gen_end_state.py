#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Derive the table part of a chip's register end-state expectation from the
Realtek register-table JSON (tools/tables/<chip>.json).

The reference drivers walk the MAC, BB, AGC and RF tables once at bring-up;
for every register the table's last selected write is what the register
holds afterwards, unless code writes it later. This script walks the tables
the way rtw88 does (phy.c rtw_parse_tbl_phy_cond with check_positive, for
the board the chip model presents by default) and prints one expectation
row per register. Code-written values, known differences and the registers
other tests own are hand-written in tests/e2e/end_state/<chip>_code.txt,
whose rows override these (tests/e2e/test_end_state.c reads both).

    tools/gen_end_state.py tools/tables/rtw8812a.json \
        > tests/e2e/end_state/rtl8812a_tables.txt

Only the standard library is used and the output depends on nothing but the
JSON, so two runs give identical text; the e2e suite checks the committed
file against a fresh run.
"""

import argparse
import json
import os
import sys

# Per chip (key = JSON name without .json):
#   name     - our chip name (file names)
#   tables   - pair tables applied at bring-up, in the driver's order, with
#              the register space their writes land in
#   rule     - "jaguar1": rtw88 check_positive 8812A/8821A branch (board bits
#              and amplifier types); "rfe_equal": the other chips' branch;
#              "headline": the vendor's halbb headline walk (cut and RFE
#              only), as hal/common/phy_table.c DVR_PHY_MATCH_HEADLINE
#   driver   - who walks the tables, for the source column (default rtw88)
#   cond     - the board as the reference driver would see it on the chip
#              model's default adapter: cut (0 -> 15), pkg (0 -> 15),
#              intf (USB = 2), rfe and the four amplifier type bytes
#   skipped  - tables the bring-up applies that are left out here
#   notes    - optional comment lines for the output's head
CHIPS = {
    "rtw8812a": {
        "name": "rtl8812a",
        # rtw88 rtw8812a.c: mac_tbl, agc_tbl, bb_tbl, rf_tbl[A, B]; the
        # AGC-diff tables are per channel group and not applied here.
        "tables": [("mac", "MAC"), ("bb", "BB"), ("agc", "BB"),
                   ("rf_a", "RFA"), ("rf_b", "RFB")],
        "rule": "jaguar1",
        # Model EFUSE (personality_8812a_efuse.c): internal PA/LNA on both
        # bands, no BT, RFE 0; SYS_CFG CHIP_VER 1 = C-cut (2).
        "cond": {"cut": 2, "pkg": 15, "intf": 2, "rfe": 0,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": [],
    },
    "rtw8821a": {
        "name": "rtl8821a",
        # rtw88 rtw8821a.c: mac_tbl, agc_tbl, bb_tbl, rf_tbl[A] (one
        # path; no AGC-diff tables).
        "tables": [("mac", "MAC"), ("bb", "BB"), ("agc", "BB"),
                   ("rf_a", "RFA")],
        "rule": "jaguar1",
        # Model (personality_8821a.c, personality_8821a_efuse.c, board
        # t2u-plus): internal PA/LNA on both bands, BT (board bit 4,
        # BT_FUNC_EN); SYS_CFG CHIP_VER 1 read raw = B-cut (1).
        "cond": {"cut": 1, "pkg": 15, "intf": 2, "rfe": 0x10,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": [],
    },
    "rtw8822c": {
        "name": "rtl8822c",
        # rtw88 rtw8822c.c: bb_tbl, agc_tbl, rfk_init_tbl (phy.c
        # rtw_load_rfk_table), rf_tbl[A, B] (no MAC table).
        "tables": [("bb", "BB"), ("agc", "BB"), ("array_mp_cal_init", "BB"),
                   ("rf_a", "RFA"), ("rf_b", "RFB")],
        "rule": "rfe_equal",
        # Model EFUSE (personality_8822c_efuse.c): RFE option 1; SYS_CFG1
        # cut C (2).
        "cond": {"cut": 2, "pkg": 15, "intf": 2, "rfe": 1,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": [],
    },
    # The boards below are the ones the RTL8822BU and RTL8821CU model
    # EFUSE and SYS_CFG1 present or are to present (change both
    # together).
    "rtw8822b": {
        "name": "rtl8822b",
        # rtw88 rtw8822b.c: mac_tbl, bb_tbl, agc_tbl, rf_tbl[A, B] (no
        # AGC-BTG table for any RFE option).
        "tables": [("mac", "MAC"), ("bb", "BB"), ("agc", "BB"),
                   ("rf_a", "RFA"), ("rf_b", "RFB")],
        "rule": "rfe_equal",
        # Model EFUSE (personality_8822b_efuse.c, default board): 0xCA
        # RFE option 3 (iFEM; rtw88 accepts 2, 3, 5); SYS_CFG1 C-cut (2)
        # as production RTL8822BU is; the RF tables branch on D-cut.
        "cond": {"cut": 2, "pkg": 15, "intf": 2, "rfe": 3,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": [],
    },
    "rtw8821c": {
        "name": "rtl8821c",
        # rtw88 rtw8821c.c: mac_tbl, bb_tbl, agc_tbl, then the RFE
        # option's agc_btg_tbl (options 2 and 4: agc_btg_type2), rf_tbl[A].
        "tables": [("mac", "MAC"), ("bb", "BB"), ("agc", "BB"),
                   ("agc_btg_type2", "BB"), ("rf_a", "RFA")],
        "rule": "rfe_equal",
        # Model EFUSE (personality_8821c_efuse.c, board "typical"):
        # 0xCA = 0x02, RFE option 2 (BT-shared 2.4 GHz path, loads
        # agc_btg_type2). The condition input is the whole byte >> 3 = 0
        # and the package is 0xCA bit 5, clear -> 15 (rtw88
        # rtw_phy_setup_phy_cond, rtw8821c_read_efuse). SYS_CFG1 B-cut
        # (1); only SDIO rows of these tables test the cut. Change the
        # model and this together.
        "cond": {"cut": 1, "pkg": 15, "intf": 2, "rfe": 0,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": [],
        "notes": ["RFE 0x00 is the condition input EFUSE 0xCA >> 3, for 0xCA = "
                  "0x02 (option 2)."],
    },
    "rtw8814a": {
        "name": "rtl8814a",
        # rtw88 rtw8814a.c: rtw8814a_mac_init loads mac_tbl,
        # rtw8814a_phy_set_param bb_tbl, agc_tbl, rf_tbl[A..D]. The end
        # state reads RF paths A and B only.
        "tables": [("mac", "MAC"), ("bb", "BB"), ("agc", "BB"),
                   ("rf_a", "RFA"), ("rf_b", "RFB")],
        "rule": "rfe_equal",
        # Model (personality_8814a.c, personality_8814a_efuse.c): SYS_CFG
        # B-cut (1), EFUSE 0xCA = 0x01, RFE option 1. Change the model
        # and this together.
        "cond": {"cut": 1, "pkg": 15, "intf": 2, "rfe": 1,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": ["rf_c", "rf_d"],
    },
    "rtw8822e": {
        "name": "rtl8822e",
        # Vendor rtl88x2eu rtl8822e_phy.c rtl8822e_phy_init: phy_reg,
        # agc_tab, then _init_rf_reg: cal_init, radioa, radiob.
        "tables": [("bb", "BB"), ("agc", "BB"), ("array_mp_cal_init", "BB"),
                   ("rf_a", "RFA"), ("rf_b", "RFB")],
        "rule": "headline",
        "driver": "vendor",
        # Model (personality_8822e.c, personality_8822e_efuse.c): SYS_CFG1
        # A-cut (0), EFUSE 0xCA RFE type 21 (the BL-M8812EU2). Change the
        # model and this together.
        "cond": {"cut": 0, "pkg": 15, "intf": 2, "rfe": 21,
                 "glna": 0, "gpa": 0, "alna": 0, "apa": 0},
        "skipped": [],
    },
}

SPACE_MASK = {"MAC": 0xFF, "BB": 0xFFFFFFFF, "RFA": 0xFFFFF, "RFB": 0xFFFFF}
# Delay pseudo-addresses (rtw88 phy.c rtw_phy_cfg_bb / rtw_phy_cfg_rf).
BB_DELAYS = {0xFE, 0xFD, 0xFC, 0xFB, 0xFA, 0xF9}
RF_DELAYS = {0xFFE, 0xFE}


def fail(msg):
    sys.stderr.write("gen_end_state.py: %s\n" % msg)
    sys.exit(1)


def cond_holds(rule, drv, c1, c2):
    """rtw88 phy.c check_positive for the chip's rule."""
    cut = (c1 >> 24) & 0xF
    pkg = (c1 >> 12) & 0xF
    intf = (c1 >> 8) & 0xF
    rfe = c1 & 0xFF
    if cut and cut != drv["cut"]:
        return False
    if pkg and pkg != drv["pkg"]:
        return False
    if intf and intf != drv["intf"]:
        return False
    if rule == "rfe_equal":
        return rfe == drv["rfe"]
    if not rfe & 0x0F:
        return True
    if rfe & drv["rfe"] != rfe:
        return False
    types = [("glna", 0), ("gpa", 8), ("alna", 16), ("apa", 24)]
    for bit, (name, shift) in enumerate(types):
        if rfe & (1 << bit) and (c2 >> shift) & 0xFF != drv[name]:
            return False
    return True


def walk(pairs, rule, drv):
    """Yield (index, addr, data) of the pairs the driver applies
    (rtw88 phy.c rtw_parse_tbl_phy_cond)."""
    selected, taken = True, False
    c1 = c2 = 0
    for i, (a, d) in enumerate(pairs):
        if a & 0x80000000:
            br = (a >> 28) & 3
            if br in (0, 1):
                c1, c2 = a, d
            elif br == 2:
                selected = not taken
            else:
                selected, taken = True, False
        elif a & 0x40000000:
            if taken:
                selected = False
            elif cond_holds(rule, drv, c1, c2):
                selected = taken = True
            else:
                selected = False
        elif selected:
            yield i, a, d


def headline_select(pairs, drv):
    """The vendor's halbb_sel_headline: (number of head pairs, target) or
    None when no case matches (the table is then not loaded)."""
    head = 0
    while head < len(pairs) and pairs[head][0] >> 28 == 0xF:
        head += 1
    if head == 0:
        return 0, 0
    if head == len(pairs):
        return None
    words = [a for a, _ in pairs[:head]]
    cut, rfe = drv["cut"] & 0xF, drv["rfe"]
    for key in ((cut << 24) | rfe, (0xF << 24) | rfe):
        for w in words:
            if w & 0x0F0000FF == key:
                return head, w & 0x0FFFFFFF
    for want in (rfe, 0xFF):
        best = None
        for w in words:
            if w & 0xFF == want and (best is None or
                                     (w >> 24) & 0xF >= (best >> 24) & 0xF):
                best = w
        if best is not None:
            return head, best & 0x0FFFFFFF
    return None


def walk_headline(pairs, drv):
    """Yield (index, addr, data) of the pairs the vendor's headline walk
    applies (odm_read_and_config_mp_8822e_*): IF/ELIF store a condition,
    a check row takes the branch whose condition is the target when none
    of the chain was taken, END-IF writes everything again, an ELSE body
    is never written and an ELSE reached with no branch taken ends the
    table."""
    sel = headline_select(pairs, drv)
    if sel is None:
        return
    head, target = sel
    matched, found, cond = True, False, 0
    for i in range(head, len(pairs)):
        a, d = pairs[i]
        kind = a >> 28
        if kind in (0x8, 0x9):
            cond = a & 0x0FFFFFFF
        elif kind == 0xA:
            matched = False
            if not found:
                return
        elif kind == 0xB:
            matched, found = True, False
        elif kind == 0x4:
            if found:
                matched = False
            else:
                matched = found = cond == target
        elif matched:
            yield i, a, d


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("json")
    args = ap.parse_args()
    key = os.path.splitext(os.path.basename(args.json))[0]
    if key not in CHIPS:
        fail("no end-state description for %s" % key)
    spec = CHIPS[key]
    with open(args.json) as f:
        data = json.load(f)
    prov = data["_provenance"]
    chip_prefix = key + "_"

    last = {}   # (space, addr) -> (value, source)
    order = []
    for tname, space in spec["tables"]:
        t = data[tname]
        flat = t["pairs"]
        pairs = [(flat[i][0], flat[i][1]) if isinstance(flat[i], list)
                 else (flat[i], flat[i + 1])
                 for i in range(0, len(flat),
                                1 if isinstance(flat[0], list) else 2)]
        if spec["rule"] == "headline":
            rows = walk_headline(pairs, spec["cond"])
        else:
            rows = walk(pairs, spec["rule"], spec["cond"])
        for i, a, d in rows:
            if space == "BB" and a in BB_DELAYS:
                continue
            if space.startswith("RF") and a in RF_DELAYS:
                continue
            k = (space, a)
            if k not in last:
                order.append(k)
            mask = SPACE_MASK[space]
            if spec.get("driver", "rtw88") == "rtw88":
                src = "rtw88 %s %s%s pair %d" % (prov["source_path"],
                                                 chip_prefix, tname, i)
            else:
                src = "%s %s %s pair %d" % (
                    spec["driver"], os.path.basename(t["source_path"]),
                    t["c_name"], i)
            last[k] = (d & mask, src)

    drv = spec["cond"]
    out = sys.stdout
    out.write("# Register end state of the %s from its reference tables:\n"
              % spec["name"])
    if spec["rule"] == "headline":
        out.write("# the last write each table makes, walked as the vendor's "
                  "halbb\n# headline rule does (hal/common/phy_table.c "
                  "DVR_PHY_MATCH_HEADLINE).\n# GENERATED by "
                  "tools/gen_end_state.py from\n")
    else:
        out.write("# the last write each table makes, walked as rtw88 phy.c\n"
                  "# rtw_parse_tbl_phy_cond does. GENERATED by "
                  "tools/gen_end_state.py from\n")
    out.write("# %s %s commit %s, %s (blob %s).\n" %
              (prov["repository"], prov["source_path"], prov["commit"],
               prov["commit_date"][:10], prov["source_git_blob"]))
    if spec["rule"] == "headline":
        out.write("# Board: cut %d, RFE 0x%02X (headline rule: nothing "
                  "else is compared).\n" % (drv["cut"], drv["rfe"]))
        for tname, _ in spec["tables"]:
            out.write("# %s: %s\n" % (data[tname]["c_name"],
                                       data[tname]["source_path"]))
    else:
        out.write("# Board: cut %d, pkg %d, interface %d (USB), RFE 0x%02X, "
                  "types %d/%d/%d/%d (%s rule).\n" %
                  (drv["cut"], drv["pkg"], drv["intf"], drv["rfe"],
                   drv["glna"], drv["gpa"], drv["alna"], drv["apa"],
                   spec["rule"]))
    for line in spec.get("notes", []):
        out.write("# %s\n" % line)
    for s in spec["skipped"]:
        out.write("# Not applied here: %s%s (calibration).\n" %
                  (chip_prefix, s))
    out.write("# Rows in %s_code.txt override these.\n" % spec["name"])
    out.write("# when space address mask value source\n")
    for space, a in order:
        v, src = last[(space, a)]
        width = 2 if space.startswith("RF") else 4
        out.write("all %s 0x%0*X 0x%X 0x%X %s\n" %
                  (space, width, a, SPACE_MASK[space], v, src))


if __name__ == "__main__":
    main()
