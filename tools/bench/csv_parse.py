"""Reference: parse the CSV export into memory with one thread; prints {"seconds": parse time}."""
import json
import sys
import time

engine, path = sys.argv[1], sys.argv[2]
if engine == "polars":
    import polars as pl
    t = time.perf_counter()
    df = pl.read_csv(path, infer_schema_length=10000, try_parse_dates=True)
    n = df.height
elif engine == "duckdb":
    import duckdb
    con = duckdb.connect()
    con.execute("SET threads TO 1")
    t = time.perf_counter()
    con.execute(f"CREATE TABLE brews AS SELECT * FROM read_csv_auto('{path}')")
    n = con.execute("SELECT count(*) FROM brews").fetchone()[0]
else:
    raise SystemExit(f"unknown engine {engine}")
print(json.dumps({"seconds": time.perf_counter() - t, "rows": n}))
