"""The README's Spark SQL recipe for `reviewgate simulate`, run on a local Spark.

Reads a JSON Lines timeline into a table, sends each partition of people (DISTRIBUTE BY user, each
person's lines together and in file order) through
`reviewgate simulate --grouped --format json -` with TRANSFORM ... USING, and writes the partial
reports, one per line, for `reviewgate simulate --merge`. SparkRecipeSlowTests runs it when pyspark is
installed (`pip install pyspark`; it needs Java 17 or later).

Usage: python3 Tests/Spark/recipe.py REVIEWGATE POLICY TIMELINE OUT PARTITIONS
"""
import shlex
import sys

from pyspark.sql import SparkSession


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    reviewgate, policy, timeline, out, partitions = sys.argv[1:]
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("reviewgate-simulate")
        .config("spark.sql.shuffle.partitions", partitions)
        .config("spark.ui.enabled", "false")
        # Keep the partitions asked for: adaptive execution would coalesce a small input into one.
        .config("spark.sql.adaptive.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        spark.read.json(timeline).createOrReplaceTempView("timeline")
        command = " ".join(
            shlex.quote(word)
            for word in [reviewgate, "simulate", "--policy", policy, "--grouped", "--format", "json",
                         "--input-format", "jsonl", "-"]
        )
        reports = spark.sql(
            f"""
            SELECT TRANSFORM (line)
              USING '{command}'
              AS (report STRING)
            FROM (SELECT to_json(struct(user, time, type, name, scene, short, build)) AS line, user, seq
                  FROM (SELECT *, monotonically_increasing_id() AS seq FROM timeline)
                  DISTRIBUTE BY user SORT BY user, seq)
            """
        ).collect()
        with open(out, "w") as file:
            for row in reports:
                file.write(row.report + "\n")
        print(f"{len(reports)} partial reports in {out}")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
