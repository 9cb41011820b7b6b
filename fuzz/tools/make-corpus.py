#!/usr/bin/env python3
"""Builds the seed corpora under fuzz/corpus/ from sample-data/ and ../shared/peer-data/ (small pieces only).

Run from the repository root: python3 fuzz/tools/make-corpus.py. The corpora are committed; this script says where
each seed came from and rebuilds the derived ones (shortened journals, zips, the small store). Inputs that a fuzz
run found to crash or hang are added by hand as corpus/<target>/regression-*; this script leaves them alone.
"""
import io, json, os, shutil, sqlite3, sys, tempfile, zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PEER = os.path.join(ROOT, "..", "shared", "peer-data")
if not os.path.isdir(PEER):
    PEER = "/work/shared/peer-data"
CORPUS = os.path.join(ROOT, "fuzz", "corpus")


def put(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def head_lines(data, n):
    return b"".join(data.splitlines(keepends=True)[:n])


def shorten(value, n):
    """Every list in the document cut to its first n items (recursively), so a seed stays a few KB."""
    if isinstance(value, list):
        return [shorten(v, n) for v in value[:n]]
    if isinstance(value, dict):
        return {k: shorten(v, n) for k, v in value.items()}
    return value


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def csv_seeds():
    sd = os.path.join(ROOT, "sample-data")
    put("csv", "journal-head.csv", head_lines(read(os.path.join(sd, "journal.csv")), 12))
    put("csv", "messy.csv", read(os.path.join(sd, "messy.csv")))
    put("csv", "foreign.csv", read(os.path.join(sd, "foreign.csv")))
    for name in ["edge.csv", "header-only.csv", "latin1.csv", "no-date-column.csv", "unterminated.csv"]:
        put("csv", name, read(os.path.join(ROOT, "Tests", "Fixtures", "import", name)))
    put("csv", "hostile.csv", read(os.path.join(ROOT, "Tests", "Fixtures", "report", "hostile.csv")))
    for name in ["pressensor_short.csv", "sharebrew_tsp.csv", "20210921T085910.csv"]:
        put("csv", "visualizer-" + name, head_lines(read(os.path.join(PEER, "visualizer", name)), 8))
    # A truncated last row (no line end) and a quoted multi-line field.
    put("csv", "truncated-last-row.csv", head_lines(read(os.path.join(sd, "journal.csv")), 4) + b"b7,2026-11-0")
    put("csv", "quoted.csv", 'brewed_at,method,notes\r\n2026-11-02T07:15:00+01:00,V60,"a ""quoted"", \nmulti-line note"\r\n')


def json_seeds():
    sd = os.path.join(ROOT, "sample-data")
    put("json", "journal-short.json", compact(shorten(json.load(open(os.path.join(sd, "journal.json"))), 4)))
    put("json", "truncated.json", read(os.path.join(ROOT, "Tests", "Fixtures", "import", "truncated.json")))
    put("json", "brewspec-pour-over.json", read(os.path.join(PEER, "brewspec", "pour_over.json")))
    for name in ["20211019T100744.json", "gaggimate-v1.json", "gaggiuino-1020.json", "meticulous.shot.json"]:
        put("json", "visualizer-" + name, compact(shorten(json.load(open(os.path.join(PEER, "visualizer", name))), 3)))
    up = os.path.join(PEER, "beanconqueror", "visualizer-upload", "beanconqueror_real.json")
    put("json", "beanconqueror-upload.json", compact(shorten(json.load(open(up)), 3)))


def beanconqueror_documents():
    bc = os.path.join(PEER, "beanconqueror")
    docs = {
        "dummy.json": read(os.path.join(bc, "BeanconquerorDummy.json")),
        "old-short.json": compact(shorten(json.load(open(os.path.join(bc, "Beanconqueror_old.json"))), 4)).encode(),
        "testdata-short.json": compact(shorten(json.load(open(os.path.join(bc, "BeanconquerorTestData.json"))), 3)).encode(),
        "flow-profile-short.json":
            compact(shorten(json.load(open(os.path.join(bc, "flow-profiles", "BeanconquerorFlowTestDataFourth.json"))), 3)).encode(),
    }
    for name in ["beanconqueror_missing_values.json", "beanconqueror_temperature.json"]:
        docs["upload-" + name] = compact(shorten(json.load(open(os.path.join(bc, "visualizer-upload", name))), 3)).encode()
    return docs


def beanconqueror_seeds():
    for name, data in beanconqueror_documents().items():
        put("beanconqueror-json", name, data)


def zip_bytes(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buffer.getvalue()


def zip_seeds():
    docs = beanconqueror_documents()
    old = json.loads(docs["old-short.json"])
    main = dict(old)
    brews, beans = main.pop("BREWS"), main.pop("BEANS")
    put("beanconqueror-zip", "dummy.zip", zip_bytes([("Beanconqueror.json", docs["dummy.json"])]))
    put("beanconqueror-zip", "old-parts.zip", zip_bytes([
        ("Beanconqueror.json", compact(dict(main, BREWS=[], BEANS=[]))),
        ("Beanconqueror_Brews_1.json", compact(brews[:2])),
        ("Beanconqueror_Brews_2.json", compact(brews[2:])),
        ("Beanconqueror_Beans_1.json", compact(beans)),
    ]))
    put("beanconqueror-zip", "nested.zip", zip_bytes([("backup/Beanconqueror.json", docs["old-short.json"])]))
    put("beanconqueror-zip", "no-main.zip", zip_bytes([("readme.txt", b"not a backup")]))
    stored = io.BytesIO()
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as z:
        z.writestr(zipfile.ZipInfo("Beanconqueror.json", date_time=(2026, 11, 1, 0, 0, 0)), docs["dummy.json"])
    put("beanconqueror-zip", "stored.zip", stored.getvalue())


def mapping_seeds():
    put("mapping-toml", "mapping.toml", read(os.path.join(ROOT, "sample-data", "mapping.toml")))
    put("mapping-toml", "top-level.toml", 'when = "brewed_at"\ndose = "dose_g"\n[values]\ndecimal_comma = false\n')
    put("mapping-toml", "values.toml",
        '[columns]\n"Coffee dose (grams)" = "dose_g"\n[values]\ndate_format = "yyyy-MM-dd\'T\'HH:mm:ss.SSSXXX"\n'
        'delimiter = "\\t"\ntime_zone = "America/New_York"\n')
    put("mapping-toml", "bad.toml", '[columns]\nfoo = "not_a_column"\n[values]\ndelimiter = ";;"\n')


def date_seeds():
    for i, text in enumerate(["2026-11-02T07:15:00+01:00", "2026-11-02T07:15:00Z", "2026-11-02 07:15",
                              "2026-11-02T07:15:00.123456-05:30", "2026-11-02", "02.11.2026 07:15", "2.11.26",
                              "11/02/2026 7:15:00", "20261102071500", "02/11/2026 07:15 +0100", "2026-02-29",
                              "2024-02-29T24:00:00Z", "0000-01-01T00:00:60,5+18:00", " 2026-11-02T07:15 "]):
        put("dates", "d%02d" % i, text)


def number_seeds():
    for i, text in enumerate(["18", "18.5", "18,5", "1.234,5", "1,234.5", "-0.0", "1e300", "2.5E-3", "18 g",
                              "93°C", "93 ºC", "1.38 %", "30s", "2:30", "1:02:03", "150 sec", "  7  ", "12pct",
                              "1,000,000.25", "0x10", "inf", "NaN"]):
        put("numbers", "n%02d" % i, text)


def store_seeds():
    """The sample store cut to a few brews, vacuumed at the smallest page size (512 bytes): a few KB."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.sqlite")
        shutil.copy(os.path.join(ROOT, "sample-data", "journal.sqlite"), path)
        db = sqlite3.connect(path)
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("DELETE FROM ZBREWLOG WHERE Z_PK NOT IN (SELECT Z_PK FROM ZBREWLOG ORDER BY Z_PK LIMIT 6)")
        for table in ["ZTASTINGNOTE"]:
            db.execute(f"DELETE FROM {table} WHERE Z_PK NOT IN (SELECT Z_PK FROM {table} ORDER BY Z_PK LIMIT 3)")
        db.commit()
        db.execute("PRAGMA page_size=512")
        db.execute("VACUUM")
        db.close()
        put("store", "sample-small.sqlite", read(path))
        db = sqlite3.connect(path)
        db.execute("PRAGMA journal_mode=WAL")
        db.close()
        put("store", "sample-small-wal-header.sqlite", read(path))


def shorten_tcl(text, n):
    """Every `{…}` list of numbers in a Decent .shot cut to its first n items; other lines kept (settings too)."""
    import re
    def cut(m):
        items = m.group(1).split()
        return "{" + " ".join(items[:n]) + "}"
    return re.sub(r"\{([-0-9. e]+)\}", cut, text)


def shot_seeds():
    """One small file per shot format (every list cut to a few samples), and a GaggiMate notes file."""
    vis = os.path.join(PEER, "visualizer")
    # Decent .shot: lists cut, and the long one-line settings (advanced_shot, version, …) left out.
    tcl = shorten_tcl(read(os.path.join(vis, "20210921T085910.shot")).decode(), 12)
    put("shots", "decent.shot", "".join(l for l in tcl.splitlines(keepends=True)
                                        if len(l) < 150 or l.count("{") != l.count("}")))
    decent = shorten(json.load(open(os.path.join(vis, "20211019T100744.json"))), 6)
    settings = decent["app"]["data"]["settings"]
    decent["app"] = {"data": {"settings": {k: v for k, v in settings.items() if len(compact(v)) < 60}}}
    decent["profile"] = {"title": decent["profile"]["title"]}
    put("shots", "20211019T100744.json", compact(decent))
    for name in ["gaggimate-v1.json", "gaggiuino-1020.json", "meticulous.shot.json"]:
        put("shots", name, compact(shorten(json.load(open(os.path.join(vis, name))), 6)))
    for name in ["pressensor_short.csv", "sharebrew_tsp.csv", "20210921T085910.csv"]:
        lines = read(os.path.join(vis, name)).splitlines(keepends=True)
        metas = [l for l in lines if l.startswith(b"meta") or l.startswith(b"information_type")]
        moments = [l for l in lines if l.startswith(b"moment")][:8]
        put("shots", name, b"".join(metas + moments))
    flows = os.path.join(PEER, "beanconqueror", "flow-profiles")
    for name in ["BeanconquerorFlowTestDataFourth.json", "BeanconquerorFlowTestDataThird.json"]:
        put("shots", "flow-" + name, compact(shorten(json.load(open(os.path.join(flows, name))), 6)))
    put("shots", "gaggimate-notes.json",
        compact({"id": "000123", "rating": 4, "doseIn": 18, "doseOut": 36.5, "ratio": 2.03, "grindSetting": "12",
                 "beanType": "Kenya AA", "balanceTaste": "balanced", "notes": "sweet"}))


def brewspec_seeds():
    """Every BrewSpec example of the peer data (YAML and JSON), and the sample journal's BrewSpec document."""
    bs = os.path.join(PEER, "brewspec")
    for name in sorted(os.listdir(bs)):
        if name.endswith((".yaml", ".json")) and name != "brewspec.schema.json":
            put("brewspec", name, read(os.path.join(bs, name)))
    put("brewspec", "journal.brewspec.yaml", read(os.path.join(ROOT, "sample-data", "journal.brewspec.yaml")))
    put("brewspec", "flow-version-number.yaml",
        "brewspec_version: 1.0\nbrews: [{date: 2026-11-02, method: V60, dose_g: 15, water_g: 250,"
        " result: {tds: 1.38, ratings: {overall: 7}}}]\n")


if __name__ == "__main__":
    csv_seeds(); json_seeds(); beanconqueror_seeds(); zip_seeds(); mapping_seeds(); date_seeds(); number_seeds()
    store_seeds(); shot_seeds(); brewspec_seeds()
    for target in sorted(os.listdir(CORPUS)):
        files = os.listdir(os.path.join(CORPUS, target))
        size = sum(os.path.getsize(os.path.join(CORPUS, target, f)) for f in files)
        print(f"{target}: {len(files)} seeds, {size} bytes", file=sys.stderr)
