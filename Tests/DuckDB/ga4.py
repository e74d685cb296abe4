"""The README's DuckDB recipe for a GA4 export, run on a small GA4-shaped table.

Loads GA4 event rows (JSON Lines, one BigQuery `events_*` row a line) into a table `events` with
GA4's nested columns (`event_params` and `user_properties` lists of {key, value: {string_value,
int_value, ...}}, `app_info` a struct), then runs the SQL file given (the warehouse guide's `sql duckdb`
block, which GA4RecipeTests extracts) in FOLDER, where its COPY writes `timeline.jsonl`.
Needs the duckdb module (`pip install duckdb`).

Usage: python3 Tests/DuckDB/ga4.py RECIPE.sql GA4_ROWS.jsonl FOLDER
"""
import os
import sys

import duckdb

# The columns of GA4's BigQuery export that the recipe reads, with their types there, and a few it does not.
PARAMETER_VALUE = "STRUCT(string_value VARCHAR, int_value BIGINT, float_value DOUBLE, double_value DOUBLE)"
PROPERTY_VALUE = (
    "STRUCT(string_value VARCHAR, int_value BIGINT, float_value DOUBLE, double_value DOUBLE,"
    " set_timestamp_micros BIGINT)"
)
COLUMNS = {
    "event_date": "VARCHAR",
    "event_timestamp": "BIGINT",
    "event_name": "VARCHAR",
    "event_params": f"STRUCT(key VARCHAR, value {PARAMETER_VALUE})[]",
    "user_pseudo_id": "VARCHAR",
    "user_properties": f"STRUCT(key VARCHAR, value {PROPERTY_VALUE})[]",
    "user_first_touch_timestamp": "BIGINT",
    "app_info": "STRUCT(id VARCHAR, version VARCHAR)",
    "device": "STRUCT(time_zone_offset_seconds BIGINT)",
    "platform": "VARCHAR",
}


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    recipe, rows, folder = sys.argv[1:]
    with open(recipe) as file:
        sql = file.read()
    rows = os.path.abspath(rows)
    connection = duckdb.connect()
    columns = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in COLUMNS.items()) + "}"
    connection.execute(
        f"CREATE TABLE events AS SELECT * FROM read_json(?, format = 'newline_delimited', columns = {columns})",
        [rows],
    )
    os.chdir(folder)
    connection.execute(sql)
    print(f"duckdb {duckdb.__version__}: {os.path.join(folder, 'timeline.jsonl')}")


if __name__ == "__main__":
    main()
