# SPDX-License-Identifier: LGPL-2.1-or-later
"""The docs tests' one assertion: print ok/FAIL per check and keep the
failures for the exit status."""

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)
    return cond
