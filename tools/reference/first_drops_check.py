#!/usr/bin/env python3
"""Time to first drops of every real shot file with a scale, by the rule of docs/shots.md, in plain Python.

Independent of the Swift code (Sources/BrewStats/Shots/ShotMetricKernel.swift): written from the definition, one
sample at a time, for the numbers in Tests/BrewShotsTests/FirstDropsRealShotTests.swift. The rule: the first
time the cup weight rises through 0.5 g (interpolated from the sample before when that one is below) after which,
no weight reading falls below 0.5 g (a negative reading counts as below) for 3 s nor before the weight has gained
1 g (reached 1.5 g), and it gains that gram within 10 s; a shot that ends sooner than 3 s after needs only the
gain. Each file is
read as Visualizer's parsers read it (app/models/parsers/*.rb): Decent JSON `elapsed` and `totals.weight` (cut to
`elapsed`'s length), Decent .shot `espresso_elapsed` and `espresso_weight`, Gaggiuino `timeInShot` (ms) and
`shotWeight`, Meticulous `time` (ms) and `shot.weight`, SEP CSV `elapsed` and `current_total_shot_weight` of the
`moment` rows, a Beanconqueror upload's `brewFlow.weight` (`timestamp` HH:mm:ss.SSS from the first sample,
`actual_weight`).

    python3 tools/reference/first_drops_check.py [PEER_DATA_FOLDER]
"""
import csv
import json
import math
import re
import sys

P = (sys.argv[1] if len(sys.argv) > 1 else '../shared/peer-data/visualizer').rstrip('/') + '/'
THRESHOLD, GAIN, HOLD, GAIN_WITHIN = 0.5, 1.0, 3.0, 10.0


def first_crossing(t, w):
    """The old rule: the first time the weight reaches 0.5 g (negatives and gaps skipped)."""
    prev = None
    for i in range(len(t)):
        v = w[i]
        if v is None or not math.isfinite(v) or v < 0:
            continue
        if v >= THRESHOLD:
            if prev is None or not (w[prev] < THRESHOLD) or not (v > w[prev]):
                return t[i]
            return t[prev] + (THRESHOLD - w[prev]) / (v - w[prev]) * (t[i] - t[prev])
        prev = i
    return None


def first_drops(t, w):
    """The sustained rule (above)."""
    n = len(t)
    prev = None  # the last finite reading's index, negatives included (a negative reading is below 0.5 g)
    for i in range(n):
        v = w[i]
        if v is None or not math.isfinite(v):
            continue
        below_before = prev is None or w[prev] < THRESHOLD
        if v >= THRESHOLD and below_before:
            if prev is not None and w[prev] >= 0 and v > w[prev]:
                t0 = t[prev] + (THRESHOLD - w[prev]) / (v - w[prev]) * (t[i] - t[prev])
            else:
                t0 = t[i]
            held, gained = True, None  # gained: the time the weight first reaches 1.5 g
            for j in range(i, n):
                if t[j] > t0 + HOLD and gained is not None:
                    break
                if t[j] > t0 + GAIN_WITHIN:
                    break
                u = w[j]
                if u is None or not math.isfinite(u):
                    continue
                if u < THRESHOLD:
                    held = False
                    break
                if u >= THRESHOLD + GAIN and gained is None:
                    gained = t[j]
            else:
                held = held and gained is not None  # the shot ended: the gain is enough
            if held and gained is not None:
                return t0
        prev = i
    return None


def decent_json(name):
    d = json.load(open(P + name))
    n = len(d['elapsed'])
    return [float(x) for x in d['elapsed']], [float(x) for x in d['totals']['weight'][:n]]


def decent_shot(name):
    text = open(P + name, encoding='utf-8', errors='replace').read()
    def series(key):
        m = re.search(r'^' + key + r' \{([^}]*)\}', text, re.M)
        return [float(x) for x in m.group(1).split()] if m else []
    t, w = series('espresso_elapsed'), series('espresso_weight')
    n = min(len(t), len(w))
    return t[:n], w[:n]


def gaggiuino(name):
    g = json.load(open(P + name))['datapoints']
    return [p['timeInShot'] / 1000 for p in g], [p['shotWeight'] for p in g]


def meticulous(name):
    d = json.load(open(P + name))['data']
    return [p['time'] / 1000 for p in d], [p['shot']['weight'] for p in d]


def sep_csv(name):
    t, w = [], []
    for row in csv.DictReader(open(P + name, encoding='utf-8')):
        if row['information_type'] != 'moment':
            continue
        t.append(float(row['elapsed']))
        w.append(float(row['current_total_shot_weight']) if row['current_total_shot_weight'] else None)
    return t, w


def beanconqueror(name):
    s = json.load(open(P + name))['brewFlow']['weight']
    def clock(x):
        h, m, sec = x.split(':')
        return int(h) * 3600 + int(m) * 60 + float(sec)
    c0 = clock(s[0]['timestamp'])
    return [clock(x['timestamp']) - c0 for x in s], [x['actual_weight'] for x in s]


FILES = [('20211019T100744.json', decent_json), ('20211019T100744.shot', decent_shot),
         ('20210921T085910.shot', decent_shot), ('brackets.shot', decent_shot), ('empty_flow.shot', decent_shot),
         ('gaggiuino-1020.json', gaggiuino), ('meticulous.shot.json', meticulous),
         ('20210921T085910.csv', sep_csv), ('pressensor.csv', sep_csv), ('pressensor_short.csv', sep_csv),
         ('sharebrew_tsp.csv', sep_csv), ('beanconqueror_negative.json', beanconqueror)]

if __name__ == '__main__':
    for name, reader in FILES:
        t, w = reader(name)
        old, new = first_crossing(t, w), first_drops(t, w)
        fmt = lambda x: 'none' if x is None else repr(round(x, 6))
        print(f'{name:32} samples {len(t):5}  first reach {fmt(old):>12}  first drops {fmt(new):>12}')
