extension JSONSchema {
    /// The JSON Schema of a scenario file (Semantics §6): `schemas/scenario.schema.json`.
    ///
    /// Edit the schema here, then run `REVIEWGATE_UPDATE_SCHEMAS=1 swift test --filter SchemaFiles` to rewrite
    /// the file in `schemas/`; the test fails while the two differ.
    static let scenarioText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate scenario",
          "description": "A golden-file test for a policy: a starting state and steps that run in order on it, each as `reviewgate record` would, with expected decisions (ReviewGate Semantics §6). Run by `reviewgate test`.",
          "type": "object",
          "required": ["reviewgate_scenario", "name", "start", "steps"],
          "oneOf": [{ "required": ["policy"] }, { "required": ["budget"] }],
          "properties": {
            "reviewgate_scenario": {
              "description": "The scenario format version. Only 1 exists.",
              "const": 1,
              "examples": [1]
            },
            "name": {
              "description": "What the scenario shows, in words; `reviewgate test` prints it.",
              "type": "string",
              "minLength": 1,
              "examples": ["asks on the fourth completion, once per build"]
            },
            "description": {
              "description": "More about the scenario, for people.",
              "type": "string"
            },
            "policy": {
              "description": "The policy under test, by a path relative to this file.",
              "type": "string",
              "minLength": 1,
              "examples": ["apple-sample.yaml"]
            },
            "budget": {
              "description": "In place of `policy`: the budget under test (Semantics §12), by a path relative to this file. Its moments are arbitrated; `expect` then names `granted` and each prompt's outcome.",
              "type": "string",
              "minLength": 1,
              "examples": ["../calm-app.budget.yaml"]
            },
            "start": {
              "description": "The clock at the first step.",
              "$ref": "#/$defs/time",
              "examples": ["2026-01-05T09:00:00Z"]
            },
            "state": {
              "description": "The state the scenario starts from, as in a state file but with every key optional; `installed_at` defaults to `start`.",
              "$ref": "#/$defs/partialState",
              "default": {},
              "examples": [{ "app": { "short": "1.0", "build": "1" } }]
            },
            "steps": {
              "description": "What happens, in order, on one state: each step runs as `reviewgate record` would.",
              "type": "array",
              "minItems": 1,
              "items": { "$ref": "#/$defs/step" }
            },
            "golden": {
              "description": "A transcript file, by a path relative to this file, compared byte for byte with the whole run; `reviewgate test --update` rewrites it.",
              "type": "string",
              "minLength": 1,
              "examples": ["apple-sample.golden.txt"]
            }
          },
          "additionalProperties": false,
          "$defs": {
            "step": {
              "description": "One step: at most one action (`launch`, `event`, `trigger`, `update`, `respond`, `set`), moved in time first by `after` or `at`, repeated by `repeat`, and for a moment (`launch`, `event`, `trigger`) an `expect`. A step with no action only moves the clock.",
              "type": "object",
              "properties": {
                "launch": {
                  "description": "The app launches: the moment of the built-in event `launch`, source `launch`. It adds a launch, starts the session, and may ask. Write `launch: {}` (or `launch:` with nothing after it).",
                  "type": ["object", "null"],
                  "maxProperties": 0,
                  "examples": [{}]
                },
                "event": {
                  "description": "A donation of this event: a moment that counts it and may ask.",
                  "$ref": "#/$defs/identifier",
                  "examples": ["process_completed"]
                },
                "trigger": {
                  "description": "A moment that names one trigger by id (it must be in the policy).",
                  "$ref": "#/$defs/identifier",
                  "examples": ["process_completed"]
                },
                "scene": {
                  "description": "The moment's scene, for triggers' `scenes`: a name.",
                  "$ref": "#/$defs/identifier",
                  "examples": ["ProcessCompleted"]
                },
                "source": {
                  "description": "The moment's source. `launch` steps always have the source `launch`.",
                  "enum": ["system", "launch", "user_action"],
                  "default": "system"
                },
                "update": {
                  "description": "The app is updated: sets the version strings given. A changed version sets `version_first_seen_at` and, with `counting.reset_on_new_version`, zeroes the counts.",
                  "$ref": "#/$defs/appVersion",
                  "examples": [{ "build": "2" }]
                },
                "respond": {
                  "description": "The person answers the app's own pre-prompt (or uses the write-review link).",
                  "$ref": "#/$defs/responseKind"
                },
                "prompt": {
                  "description": "With `respond`: the prompt answered, when not `review` (a budget's survey).",
                  "$ref": "#/$defs/identifier"
                },
                "want": {
                  "description": "Under a budget: the external prompts the app wants to show at this moment, a name or a list; alone, a moment with no event and no trigger.",
                  "anyOf": [
                    { "$ref": "#/$defs/identifier" },
                    { "type": "array", "items": { "$ref": "#/$defs/identifier" } }
                  ]
                },
                "lease": {
                  "description": "Under a budget: the granted prompt takes a lease (as an app's prompter does) instead of being shown at once; a later `commit` or `release` ends it.",
                  "type": "boolean"
                },
                "commit": {
                  "description": "Under a budget: the prompt holding a lease was shown: its ask is recorded (late, `lease_expired`, after the lease lapsed).",
                  "$ref": "#/$defs/identifier"
                },
                "release": {
                  "description": "Under a budget: the prompt holding a lease was not shown: nothing is recorded.",
                  "$ref": "#/$defs/identifier"
                },
                "set": {
                  "description": "Sets flags and attributes in the state.",
                  "type": "object",
                  "properties": {
                    "flags": {
                      "description": "Flags to set, by name.",
                      "$ref": "#/$defs/flags"
                    },
                    "attributes": {
                      "description": "Attributes to set, by name.",
                      "$ref": "#/$defs/attributes"
                    }
                  },
                  "additionalProperties": false,
                  "minProperties": 1,
                  "examples": [{ "flags": { "crashed_recently": true }, "attributes": { "plan": "pro" } }]
                },
                "after": {
                  "description": "Move the clock forward by this duration before the step.",
                  "$ref": "#/$defs/duration",
                  "examples": ["1h", "1d"]
                },
                "at": {
                  "description": "Move the clock to this time before the step; it may not go back.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-01-20T09:00:00Z"]
                },
                "repeat": {
                  "description": "Run the step this many times (with its `after` each time); `expect` must hold for each. At most 10000.",
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 10000,
                  "default": 1,
                  "examples": [3]
                },
                "expect": {
                  "description": "What the moment's decision must be: `allow`, `block`, or a mapping of the parts to compare. A failure names the step and shows expected against actual.",
                  "$ref": "#/$defs/expectation"
                }
              },
              "additionalProperties": false,
              "not": { "required": ["after", "at"] },
              "oneOf": [
                { "required": ["launch"] },
                { "required": ["event"] },
                { "required": ["trigger"] },
                { "required": ["update"] },
                { "required": ["respond"] },
                { "required": ["set"] },
                { "required": ["commit"] },
                { "required": ["release"] },
                {
                  "not": {
                    "anyOf": [
                      { "required": ["launch"] },
                      { "required": ["event"] },
                      { "required": ["trigger"] },
                      { "required": ["update"] },
                      { "required": ["respond"] },
                      { "required": ["set"] },
                      { "required": ["commit"] },
                      { "required": ["release"] }
                    ]
                  },
                  "anyOf": [
                    { "required": ["after"] },
                    { "required": ["at"] },
                    { "required": ["want"] }
                  ]
                }
              ],
              "allOf": [
                {
                  "if": { "anyOf": [{ "required": ["expect"] }, { "required": ["scene"] }, { "required": ["lease"] }] },
                  "then": {
                    "anyOf": [
                      { "required": ["launch"] },
                      { "required": ["event"] },
                      { "required": ["trigger"] },
                      { "required": ["want"] }
                    ]
                  }
                },
                {
                  "if": { "required": ["source"] },
                  "then": {
                    "anyOf": [
                      { "required": ["event"] },
                      { "required": ["trigger"] },
                      { "required": ["want"] }
                    ]
                  }
                },
                {
                  "if": { "required": ["prompt"] },
                  "then": { "required": ["respond"] }
                }
              ],
              "examples": [{ "after": "1h", "event": "process_completed", "scene": "ProcessCompleted", "expect": { "decision": "allow", "trigger": "process_completed" } }]
            },
            "budgetExpectation": {
              "description": "Under a budget: `granted` (a prompt, or null for none) and each prompt's expected outcome by its name.",
              "type": "object",
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": {
                "anyOf": [{ "$ref": "#/$defs/decision" }, { "$ref": "#/$defs/promptExpectation" }, { "$ref": "#/$defs/identifier" }, { "type": "null" }]
              },
              "examples": [{ "granted": "review", "survey": { "decision": "block", "blocked_by": ["budget"] } }]
            },
            "promptExpectation": {
              "description": "Under a budget: one prompt's expected outcome (only the parts given are compared).",
              "type": "object",
              "properties": {
                "decision": { "description": "`allow` when it is granted, else `block`.", "$ref": "#/$defs/decision" },
                "trigger": { "description": "The trigger its policy allowed it by, when granted; null for none.", "anyOf": [{ "$ref": "#/$defs/identifier" }, { "type": "null" }] },
                "blocked_by": {
                  "description": "What blocked it, in order: its policy's ids, or `budget`.",
                  "type": "array",
                  "items": { "anyOf": [{ "$ref": "#/$defs/checkId" }, { "const": "budget" }] }
                },
                "next_eligible_at": { "description": "When waiting alone frees it, or null.", "anyOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }] }
              },
              "additionalProperties": false
            },
            "expectation": {
              "description": "An expected decision: `allow` or `block`, or a mapping of the parts to compare (only those given are compared); under a budget, the granted prompt and each prompt's outcome.",
              "anyOf": [
                { "$ref": "#/$defs/decision" },
                { "$ref": "#/$defs/budgetExpectation" },
                {
                  "type": "object",
                  "properties": {
                    "decision": {
                      "description": "The expected decision.",
                      "$ref": "#/$defs/decision"
                    },
                    "trigger": {
                      "description": "The trigger that allowed the moment, or `null` for none.",
                      "anyOf": [{ "$ref": "#/$defs/identifier" }, { "type": "null" }],
                      "examples": ["process_completed", null]
                    },
                    "blocked_by": {
                      "description": "The exact list of what blocked, in evaluation order (`[]` for none).",
                      "type": "array",
                      "items": { "$ref": "#/$defs/checkId" },
                      "examples": [["trigger"], ["once_per_version"]]
                    },
                    "next_eligible_at": {
                      "description": "When the moment could next be allowed by waiting alone, or `null` when waiting cannot fix it.",
                      "anyOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }],
                      "examples": ["2026-01-12T09:00:00Z", null]
                    },
                    "arm": {
                      "description": "Under an experiment (Semantics §13): the person's arm, `holdout` for the held-out.",
                      "$ref": "#/$defs/identifier",
                      "examples": ["early", "holdout"]
                    },
                    "exposure": {
                      "description": "Under an experiment: whether this moment is the person's exposure (the first at which the arms differ).",
                      "type": "boolean"
                    }
                  },
                  "additionalProperties": false,
                  "minProperties": 1
                }
              ],
              "examples": ["allow", { "decision": "block", "blocked_by": ["trigger"] }]
            },
            "decision": {
              "description": "A decision: `allow` or `block`.",
              "enum": ["allow", "block"]
            },
            "checkId": {
              "description": "What can block a moment: a guard (`never_on`, `cooldown`, ...), `enabled`, `trigger` (no candidate trigger passed), `responses`, `rollout` or `experiment` (held out).",
              "enum": ["enabled", "trigger", "never_on", "min_install_age", "min_launches", "active_days", "min_session_age", "min_version_age", "cooldown", "once_per_version", "max_asks", "system_quota", "when", "responses", "rollout", "experiment"]
            },
            "duration": {
              "description": "A duration: a whole number and a unit, s m h d w (seconds, minutes, hours, days, weeks): 2s, 12h, 21d, 3w. No sign, no bare number. At most 100 years (checked by `reviewgate validate`; a pattern cannot say it).",
              "type": "string",
              "pattern": "^[0-9]+[smhdw]$",
              "examples": ["2s", "12h", "21d", "3w"]
            },
            "partialState": {
              "description": "A state as in a state file (Semantics §3), with every key optional.",
              "type": "object",
              "properties": {
                "reviewgate_state": {
                  "description": "The state format version. Only 1 exists.",
                  "const": 1,
                  "examples": [1]
                },
                "user_id": {
                  "description": "A stable, opaque id for the person; `rollout` needs it (without it, rollout fails).",
                  "type": "string",
                  "examples": ["u-8c1f"]
                },
                "installed_at": {
                  "description": "When the app was installed (its first launch). Default: the scenario's `start`.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-10-01T09:00:00Z"]
                },
                "session_started_at": {
                  "description": "When the current session started; `min_session_age` fails without it.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-11-22T09:58:00Z"]
                },
                "launches": {
                  "description": "How many times the app has been launched (the count of the built-in event `launch`): a count, or a count with the times of the most recent launches (which a `within` on `launch` needs).",
                  "oneOf": [
                    { "type": "integer", "maximum": 1000000000, "minimum": 0 },
                    { "$ref": "#/$defs/eventRecord" }
                  ],
                  "default": 0,
                  "examples": [12, { "count": 12, "times": ["2026-11-20T08:00:00Z", "2026-11-21T08:30:00Z"] }]
                },
                "app": {
                  "description": "The app version now running. The string that the policy's `app.version_key` names is required.",
                  "$ref": "#/$defs/appVersion"
                },
                "version_first_seen_at": {
                  "description": "When the current version was first seen; `min_version_age` counts from it. Default: `installed_at`.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-11-01T08:00:00Z"]
                },
                "events": {
                  "description": "Donation counts by event name: a count, or a count with the times of the most recent donations (which `within` needs).",
                  "$ref": "#/$defs/events"
                },
                "active_days": {
                  "description": "Days of use (Semantics §14.2): the distinct local dates with a launch, ascending, kept for the longest `active_days` window a policy reads. Written only when used.",
                  "type": "array",
                  "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
                  "default": [],
                  "examples": [["2026-11-20", "2026-11-21"]]
                },
                "asks": {
                  "description": "Every ask recorded (the app called the system's review request; the system may not have shown it), oldest first.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/ask" },
                  "default": []
                },
                "responses": {
                  "description": "The person's answers to the app's own pre-prompt or use of the write-review link, oldest first.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/response" },
                  "default": []
                },
                "leases": {
                  "description": "Prompts the app's prompter has granted and not yet shown or released (Semantics §11): while one is live, no other prompter on this file presents. Written by the library; an expired lease is ignored.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/lease" },
                  "default": []
                },
                "experiments": {
                  "description": "The person's arm in each experiment they were exposed to (Semantics §13), by the experiment's name: kept from the exposure on while the experiment's `version` stays. Written by `record` and the prompter.",
                  "type": "object",
                  "additionalProperties": {
                    "type": "object",
                    "properties": {
                      "arm": { "description": "The arm, or `holdout`.", "type": "string" },
                      "version": { "description": "The experiment's version at the exposure.", "type": "integer", "minimum": 1 },
                      "exposed_at": { "description": "When the arms first differed for the person.", "type": "string", "format": "date-time" }
                    },
                    "required": ["arm", "version", "exposed_at"],
                    "additionalProperties": false
                  },
                  "default": {}
                },
                "flags": {
                  "description": "Named booleans the app sets, for `flag` conditions.",
                  "$ref": "#/$defs/flags"
                },
                "attributes": {
                  "description": "Named scalars the app sets, for `attribute` conditions.",
                  "$ref": "#/$defs/attributes"
                }
              },
              "additionalProperties": false
            },
            "appVersion": {
              "description": "Version strings: `short` = CFBundleShortVersionString / versionName, `build` = CFBundleVersion / versionCode. Quote them, or YAML may read them as numbers.",
              "type": "object",
              "properties": {
                "short": {
                  "description": "The marketing version: CFBundleShortVersionString / versionName.",
                  "$ref": "#/$defs/versionString",
                  "examples": ["1.4.0"]
                },
                "build": {
                  "description": "The build: CFBundleVersion / versionCode.",
                  "$ref": "#/$defs/versionString",
                  "examples": ["142"]
                }
              },
              "additionalProperties": false,
              "minProperties": 1,
              "examples": [{ "short": "1.4.0", "build": "142" }]
            },
            "events": {
              "description": "Donation counts by event name.",
              "type": "object",
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": {
                "description": "A count, or `{count, times}`.",
                "oneOf": [
                  { "type": "integer", "maximum": 1000000000, "minimum": 0 },
                  { "$ref": "#/$defs/eventRecord" }
                ]
              },
              "default": {},
              "examples": [{ "process_completed": 3, "walk_ended": { "count": 2, "times": ["2026-11-20T18:00:00Z", "2026-11-21T18:30:00Z"] } }]
            },
            "eventRecord": {
              "description": "An event's count with the times of its most recent donations.",
              "type": "object",
              "required": ["count"],
              "properties": {
                "count": {
                  "description": "How many times the event was donated.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0,
                  "examples": [2]
                },
                "times": {
                  "description": "The times of the most recent donations, at most `count` of them; `within` counts only what this holds.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/time" },
                  "default": [],
                  "examples": [["2026-11-20T18:00:00Z", "2026-11-21T18:30:00Z"]]
                },
                "since_ask": {
                  "description": "Donations since each prompt's last ask, by prompt, for a policy that counts this event `since: last_ask` (Semantics §14.1): each at most `count`. Written only when used.",
                  "type": "object",
                  "propertyNames": { "$ref": "#/$defs/identifier" },
                  "additionalProperties": { "type": "integer", "minimum": 0, "maximum": 1000000000 },
                  "examples": [{ "review": 3 }]
                }
              },
              "additionalProperties": false
            },
            "ask": {
              "description": "One ask: when, in which version (`once_per_version` compares the one `app.version_key` names), from which trigger.",
              "type": "object",
              "required": ["at"],
              "properties": {
                "at": {
                  "description": "When the app asked.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-10-20T10:00:00Z"]
                },
                "short": {
                  "description": "The marketing version (CFBundleShortVersionString / versionName) at the time.",
                  "$ref": "#/$defs/versionString",
                  "examples": ["1.3.0"]
                },
                "build": {
                  "description": "The build (CFBundleVersion / versionCode) at the time.",
                  "$ref": "#/$defs/versionString",
                  "examples": ["130"]
                },
                "trigger": {
                  "description": "The trigger that allowed the ask.",
                  "$ref": "#/$defs/identifier",
                  "examples": ["process_completed"]
                },
                "prompt": {
                  "description": "The prompt shown, for a budget's prompt other than the review's (Semantics §12). Default: `review`, which is not written.",
                  "$ref": "#/$defs/identifier",
                  "default": "review"
                }
              },
              "additionalProperties": false,
              "examples": [{ "at": "2026-10-20T10:00:00Z", "short": "1.3.0", "build": "130", "trigger": "process_completed" }]
            },
            "response": {
              "description": "One answer to the app's own pre-prompt, or use of the write-review link.",
              "type": "object",
              "required": ["at", "kind"],
              "properties": {
                "at": {
                  "description": "When the person answered.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-10-20T10:01:00Z"]
                },
                "kind": {
                  "description": "The answer: `rated` (said yes or used the review link), `declined`, or `later`.",
                  "$ref": "#/$defs/responseKind"
                },
                "prompt": {
                  "description": "The prompt answered, for a budget's prompt other than the review's (Semantics §12). Default: `review`, which is not written.",
                  "$ref": "#/$defs/identifier",
                  "default": "review"
                }
              },
              "additionalProperties": false,
              "examples": [{ "at": "2026-10-20T10:01:00Z", "kind": "later" }]
            },
            "lease": {
              "description": "A granted prompt: live from `at` until `expires`, then ignored.",
              "type": "object",
              "required": ["id", "at", "expires"],
              "properties": {
                "id": { "description": "Names the lease, for its commit or release.", "type": "string" },
                "prompt": {
                  "description": "The prompt it holds. Default: `review`.",
                  "$ref": "#/$defs/identifier",
                  "default": "review"
                },
                "at": { "description": "When it was taken.", "$ref": "#/$defs/time" },
                "expires": { "description": "When it lapses.", "$ref": "#/$defs/time" }
              },
              "additionalProperties": false,
              "examples": [
                { "id": "9f2c41d7", "prompt": "review", "at": "2026-11-22T10:00:00Z", "expires": "2026-11-22T10:00:32Z" }
              ]
            },
            "responseKind": {
              "description": "An answer: `rated`, `declined` or `later`; the policy's `responses` say what each does.",
              "enum": ["rated", "declined", "later"]
            },
            "flags": {
              "description": "Named booleans.",
              "type": "object",
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": { "type": "boolean" },
              "default": {},
              "examples": [{ "crashed_recently": false }]
            },
            "attributes": {
              "description": "Named scalars: strings, numbers or booleans.",
              "type": "object",
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": { "$ref": "#/$defs/scalar" },
              "default": {},
              "examples": [{ "plan": "pro", "country": "DE" }]
            },
            "time": {
              "description": "An RFC 3339 time with `Z` or an offset; fractional seconds allowed: 2026-11-22T10:00:00Z, 2026-11-22T11:00:00.5+01:00.",
              "type": "string",
              "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$",
              "format": "date-time",
              "examples": ["2026-11-22T10:00:00Z"]
            },
            "identifier": {
              "description": "A name (a trigger id, or an event, scene, flag or attribute name): a letter, digit or `_`, then letters, digits, `_`, `.` and `-`, at most 100 characters (`2fa_completed` is one).",
              "type": "string",
              "maxLength": 100,
              "pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]*$"
            },
            "scalar": {
              "description": "A string, number or boolean.",
              "type": ["string", "number", "boolean"]
            },
            "versionString": {
              "description": "A version string as the app reports it: \"1.4.0\", \"142\". Quote it, or YAML reads 1.10 as the number 1.1.",
              "type": "string"
            }
          }
        }
        """##
}
