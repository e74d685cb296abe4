"""Writes seeded timelines of an experiment with a planted effect, for checking `reviewgate readout`
against truth (Semantics §15), independently of reviewgate's code.

The experiment is Tests/Statistics/planted.yaml (or policies/experiments/review-timing.yaml, with
--salt review-timing-1): `third` asks at the 3rd process_completed, `fifth` at the 5th, half the
people each (FNV-1a 64 of SALT + ":" + user, modulo 10000, below 5000 is `third`). The two arms first differ at a person's 3rd process_completed: that is the trigger, worked
out here from the lines written. After it, a triggered person completes the survey
(`survey_completed`) within 14 days with probability BASE, or BASE + EFFECT in `fifth`; every person
also completes it now and then outside that window (NOISE), alike in both arms. So the difference among
triggered people, within 14 days of the trigger, is EFFECT exactly, and by assignment it is diluted.

    python3 planted_experiment.py FOLDER --seeds 200 --people 1000 --effect 0.05 [--first-seed 1]

writes FOLDER/seed-N.jsonl for each seed. Every line is before 2026-04-15 (read out with --until
2026-04-15T00:00:00Z, all are observable).
"""
import argparse
import datetime
import random

START = datetime.datetime(2026, 1, 5, tzinfo=datetime.timezone.utc)
DAY = 86_400.0


def bucket(user, salt):
    value = 0xCBF29CE484222325
    for byte in (salt + ":" + user).encode():
        value ^= byte
        value = (value * 0x100000001B3) % (1 << 64)
    return value % 10_000


def stamp(seconds):
    return (START + datetime.timedelta(seconds=round(seconds))).strftime("%Y-%m-%dT%H:%M:%SZ")


def person(rng, user, effect, base, noise, salt):
    first = rng.uniform(0, 14 * DAY)
    lines = [(first, "install", None), (first, "launch", None)]
    completions = sorted(first + rng.uniform(60, 60 * DAY) for _ in range(rng.randint(0, 8)))
    lines += [(time, "event", "process_completed") for time in completions]
    window = None
    if len(completions) >= 3:
        trigger = completions[2]
        window = (trigger, trigger + 14 * DAY)
        rate = base + (effect if bucket(user, salt) >= 5000 else 0)
        if rng.random() < rate:
            lines.append((rng.uniform(trigger + 60, trigger + 14 * DAY - 60), "event", "survey_completed"))
    # Outside the trigger's window, alike in both arms.
    if rng.random() < noise:
        time = first + rng.uniform(60, 70 * DAY)
        if window is None or not (window[0] <= time <= window[1] + 60):
            lines.append((time, "event", "survey_completed"))
    lines.sort(key=lambda line: line[0])
    for time, kind, name in lines:
        text = f'{{"user":"{user}","time":"{stamp(time)}","type":"{kind}"'
        yield text + (f',"name":"{name}"}}' if name else "}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--effect", type=float, default=0.05)
    parser.add_argument("--base", type=float, default=0.2)
    parser.add_argument("--noise", type=float, default=0.15)
    parser.add_argument("--salt", default="planted-1", help="the experiment's salt (policies/experiments/review-timing.yaml's: review-timing-1)")
    arguments = parser.parse_args()
    for seed in range(arguments.first_seed, arguments.first_seed + arguments.seeds):
        rng = random.Random(seed)
        with open(f"{arguments.folder}/seed-{seed}.jsonl", "w") as file:
            for index in range(arguments.people):
                for line in person(
                    rng, f"s{seed}-u{index}", arguments.effect, arguments.base, arguments.noise, arguments.salt
                ):
                    file.write(line + "\n")


main()
