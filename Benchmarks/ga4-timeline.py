#!/usr/bin/env python3
"""A GA4-shaped export for `simulate` benchmarks, generated and seeded (no data committed; issue 40).

Builds, in DuckDB, a table `events` of GA4 BigQuery rows as `Tests/DuckDB/ga4.py` types them (32-character
`user_pseudo_id`s, `event_params` with the screen class, `user_properties` with the build, `app_info`,
the device's UTC offset, `user_first_touch_timestamp`): per person, 20 sessions over their first 25
days (`session_start`), a `process_completed` in 40% of them and a `paywall_shown` in 15%, and an
`app_update` to 1.1 at the 11th. Then runs the warehouse guide's DuckDB recipe on it, as it stands in
`Documentation/guides/exporting-from-a-warehouse.md` (the block `GA4RecipeTests` runs), which writes
`timeline.jsonl`: about 33 lines a person, 163 bytes a line. With `--wide`, also `wide.jsonl`: the same
lines with 20 more columns `simulate` never reads (a wide Amplitude or Mixpanel export, 703 bytes a line).
The same people and seed always give the same files.

    pip install duckdb
    python3 Benchmarks/ga4-timeline.py FOLDER [--people 50000] [--wide]
"""

import argparse
import os
import re

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUIDE = os.path.join(ROOT, "Documentation/guides/exporting-from-a-warehouse.md")

# GA4's rows, typed as Tests/DuckDB/ga4.py types them; `scene` and `build` go into the nested lists.
EVENTS = """
CREATE TABLE events AS
WITH
  people AS (
    SELECT i, md5('person-' || i) AS user_pseudo_id,
      TIMESTAMP '2026-01-01' + to_seconds(CAST(floor(random() * 30 * 86400) AS BIGINT)) AS first_touch,
      CAST(floor(random() * 25) - 12 AS BIGINT) * 3600 AS tz
    FROM range({people}) people(i)),
  sessions AS (
    SELECT p.*, s.j,
      -- At least a second after the install, so that no line shares the install line's time (the
      -- recipe orders a person's lines by time alone, on two threads).
      p.first_touch + to_seconds(CAST(s.j * 108000 + floor(random() * 3600) + 1 AS BIGINT)) AS happened,
      random() AS dice
    FROM people p, range(20) s(j)),
  rows AS (
    SELECT user_pseudo_id, first_touch, tz, j, happened, 'session_start' AS event_name, 'Home' AS scene FROM sessions
    UNION ALL SELECT user_pseudo_id, first_touch, tz, j, happened + to_seconds(120), 'process_completed', 'ProcessCompleted'
      FROM sessions WHERE dice < 0.4
    UNION ALL SELECT user_pseudo_id, first_touch, tz, j, happened + to_seconds(60), 'paywall_shown', 'Home'
      FROM sessions WHERE dice >= 0.4 AND dice < 0.55
    UNION ALL SELECT user_pseudo_id, first_touch, tz, j, happened - to_seconds(1), 'app_update', NULL
      FROM sessions WHERE j = 10)
SELECT
  strftime(happened, '%Y%m%d') AS event_date,
  epoch_us(happened) AS event_timestamp,
  event_name,
  [{{'key': 'firebase_screen_class', 'value': {{'string_value': scene, 'int_value': NULL::BIGINT,
     'float_value': NULL::DOUBLE, 'double_value': NULL::DOUBLE}}}}] AS event_params,
  user_pseudo_id,
  [{{'key': 'app_build', 'value': {{'string_value': CASE WHEN j < 10 THEN '100' ELSE '110' END,
     'int_value': NULL::BIGINT, 'float_value': NULL::DOUBLE, 'double_value': NULL::DOUBLE,
     'set_timestamp_micros': NULL::BIGINT}}}}] AS user_properties,
  epoch_us(first_touch) AS user_first_touch_timestamp,
  {{'id': 'com.example.app', 'version': CASE WHEN j < 10 THEN '1.0' ELSE '1.1' END}} AS app_info,
  {{'time_zone_offset_seconds': tz}} AS device,
  'IOS' AS platform
FROM rows
"""

# 20 columns simulate never reads, as a wide product-analytics export carries them.
WIDE = """
COPY (
  SELECT *, {columns}
  FROM read_json('timeline.jsonl', format = 'newline_delimited', columns = {{
    'user': 'VARCHAR', 'time': 'VARCHAR', 'type': 'VARCHAR', 'name': 'VARCHAR', 'scene': 'VARCHAR',
    'short': 'VARCHAR', 'build': 'VARCHAR'}})
) TO 'wide.jsonl' (FORMAT json)
"""


def recipe():
    """The guide's DuckDB recipe, the block that GA4RecipeTests runs."""
    with open(GUIDE) as file:
        text = file.read()
    match = re.search(r"```sql duckdb\n(.*?)```", text, re.S)
    return match.group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--people", type=int, default=50_000)
    parser.add_argument("--wide", action="store_true")
    options = parser.parse_args()
    os.makedirs(options.folder, exist_ok=True)
    connection = duckdb.connect()
    connection.execute("SELECT setseed(0.4040)")
    connection.execute("SET threads TO 1")  # one thread: random() draws in one order, the same every time
    connection.execute(EVENTS.format(people=options.people))
    os.chdir(options.folder)
    connection.execute("SET threads TO 2")
    connection.execute(recipe())
    paths = ["timeline.jsonl"]
    if options.wide:
        names = ["campaign", "medium", "country", "region", "city", "device_model", "os_version", "locale",
                 "screen_width", "screen_height", "carrier", "network", "app_store", "install_source",
                 "experiment_ids", "session_id", "event_id", "insert_id", "ingest_time", "library"]
        columns = ", ".join(
            f"substr(md5(\"user\" || time || '{name}'), 1, 12) AS {name}" for name in names)
        connection.execute(WIDE.format(columns=columns))
        paths.append("wide.jsonl")
    for path in paths:
        with open(path, "rb") as file:
            lines = sum(1 for _ in file)
        size = os.path.getsize(path)
        print(f"{os.path.join(options.folder, path)}: {lines:,} lines, {size:,} bytes ({size / lines:.0f} a line)")


if __name__ == "__main__":
    main()
