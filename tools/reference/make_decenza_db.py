#!/usr/bin/env python3
"""Builds a Decenza shots.db from Decent v2 shot JSON files, for the tests (no public Decenza database exists).

Usage: make_decenza_db.py OUT.db FILE.json...
The tables are Decenza's (src/history/shothistorystorage.cpp in Kulitorum/Decenza: shots, shot_samples,
shot_phases, with the columns the reader uses); each file becomes one shot: its series as the sample blob Decenza
writes (JSON {"pressure": {"t": [...], "v": [...]}, ...}, compressed as Qt's qCompress does: the length as 4
big-endian bytes, then zlib level 9), its state_change flips as shot_phases rows, its meta and settings as the
row's columns. A grinder model "X with Y" is stored as model X and burrs Y (Decenza keeps burrs apart).
"""
import json
import sqlite3
import struct
import sys
import zlib

SCHEMA = """
CREATE TABLE shots (
  id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT UNIQUE NOT NULL, timestamp INTEGER NOT NULL,
  profile_name TEXT NOT NULL, profile_json TEXT, beverage_type TEXT DEFAULT 'espresso',
  duration_seconds REAL NOT NULL, final_weight REAL, dose_weight REAL,
  bean_brand TEXT, bean_type TEXT, roast_date TEXT, roast_level TEXT,
  grinder_brand TEXT, grinder_model TEXT, grinder_burrs TEXT, grinder_setting TEXT,
  drink_tds REAL, drink_ey REAL, enjoyment INTEGER, espresso_notes TEXT, bean_notes TEXT, barista TEXT,
  profile_notes TEXT, visualizer_id TEXT, visualizer_url TEXT, debug_log TEXT,
  temperature_override REAL, yield_override REAL,
  created_at INTEGER DEFAULT (strftime('%s', 'now')), updated_at INTEGER DEFAULT (strftime('%s', 'now')));
CREATE TABLE shot_samples (shot_id INTEGER PRIMARY KEY REFERENCES shots(id) ON DELETE CASCADE,
  sample_count INTEGER NOT NULL, data_blob BLOB NOT NULL);
CREATE TABLE shot_phases (id INTEGER PRIMARY KEY AUTOINCREMENT, shot_id INTEGER NOT NULL REFERENCES shots(id)
  ON DELETE CASCADE, time_offset REAL NOT NULL, label TEXT NOT NULL, frame_number INTEGER, \
is_flow_mode INTEGER DEFAULT 0);
"""

SERIES = [("pressure", "pressure", "pressure"), ("pressureGoal", "pressure", "goal"), ("flow", "flow", "flow"),
          ("flowGoal", "flow", "goal"), ("weight", "totals", "weight"), ("weightFlowRate", "flow", "by_weight"),
          ("temperature", "temperature", "basket"), ("temperatureMix", "temperature", "mix"),
          ("temperatureGoal", "temperature", "goal")]


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def positive(v):
    v = num(v)
    return v if v is not None and v > 0 else None


def text(v):
    return v.strip() if isinstance(v, str) and v.strip() else None


def main():
    db = sqlite3.connect(sys.argv[1])
    db.executescript(SCHEMA)
    for n, path in enumerate(sys.argv[2:]):
        shot = json.load(open(path, encoding="utf-8"))
        elapsed = [num(x) for x in shot["elapsed"]]
        samples = {}
        for key, group, sub in SERIES:
            values = (shot.get(group) or {}).get(sub)
            if values:
                k = min(len(values), len(elapsed))
                samples[key] = {"t": elapsed[:k], "v": [num(x) for x in values[:k]]}
        raw = json.dumps(samples, separators=(",", ":")).encode()
        blob = struct.pack(">I", len(raw)) + zlib.compress(raw, 9)
        meta = shot.get("meta") or {}
        bean, grinder, rated = meta.get("bean") or {}, meta.get("grinder") or {}, meta.get("shot") or {}
        settings = ((shot.get("app") or {}).get("data") or {}).get("settings") or {}
        model, burrs = text(grinder.get("model")), None
        if model and " with " in model:
            model, burrs = model.split(" with ", 1)
        enjoyment = positive(rated.get("enjoyment"))
        duration = positive(meta.get("time")) or elapsed[-1]
        db.execute("""INSERT INTO shots (uuid, timestamp, profile_name, duration_seconds, final_weight, dose_weight,
                      bean_brand, bean_type, roast_date, grinder_model, grinder_burrs, grinder_setting, drink_tds,
                      drink_ey, enjoyment, espresso_notes, temperature_override)
                      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""",
                   (f"test-{n}", int(num(shot.get("timestamp")) or 0), (shot.get("profile") or {}).get("title") or "",
                    duration, positive(meta.get("out")), positive(meta.get("in")), text(bean.get("brand")),
                    text(bean.get("type")), text(bean.get("roast_date")), model, burrs, text(grinder.get("setting")),
                    positive(rated.get("tds")), positive(rated.get("ey")),
                    int(round(enjoyment)) if enjoyment else None, text(rated.get("notes")),
                    positive(settings.get("espresso_temperature"))))
        shot_id = db.execute("SELECT last_insert_rowid()").fetchone()[0]
        db.execute("INSERT INTO shot_samples VALUES (?,?,?)", (shot_id, len(elapsed), blob))
        sign, step = 0, 0
        for t, v in zip(elapsed, [num(x) for x in shot.get("state_change") or []]):
            if v is None or v == 0 or t is None:
                continue
            s = 1 if v > 0 else -1
            if s != sign:
                step += 1
                db.execute("INSERT INTO shot_phases (shot_id, time_offset, label) VALUES (?,?,?)",
                           (shot_id, t, f"step {step}"))
                sign = s
    db.commit()
    db.execute("PRAGMA journal_mode=WAL")
    db.close()


if __name__ == "__main__":
    main()
