#!/usr/bin/python3
"""Compares two runs' results stores row for row with Python's own SQLite reader: every scene,
scene_car and scene_class row, all columns but the wall time (`seconds`). Exit 0 when equal.

Usage: same_runs.py RUN_A RUN_B
"""
import sqlite3
import sys


def rows(run, table, order):
    db = sqlite3.connect(f"file:{run}/results.sqlite?mode=ro", uri=True)
    columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})") if r[1] != "seconds"]
    quoted = ", ".join(f'"{c}"' for c in columns)
    return columns, db.execute(f"SELECT {quoted} FROM {table} ORDER BY {order}").fetchall()


def main(a, b):
    same = True
    for table, order in (("scene", "scene_id"), ("scene_car", "scene_id, car_index"),
                         ("scene_class", "scene_id, class")):
        ca, ra = rows(a, table, order)
        cb, rb = rows(b, table, order)
        if ca != cb or ra != rb:
            same = False
            diff = [i for i, (x, y) in enumerate(zip(ra, rb)) if x != y]
            print(f"{table}: {len(ra)} vs {len(rb)} rows, first difference at row "
                  f"{diff[0] if diff else min(len(ra), len(rb))}")
        else:
            print(f"{table}: {len(ra)} rows equal")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
