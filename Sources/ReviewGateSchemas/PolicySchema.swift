extension JSONSchema {
    /// The JSON Schema of a policy file (Semantics §2): `schemas/policy.schema.json`.
    ///
    /// Edit the schema here, then run `REVIEWGATE_UPDATE_SCHEMAS=1 swift test --filter SchemaFiles` to rewrite
    /// the file in `schemas/`; the test fails while the two differ.
    static let policyText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate policy",
          "description": "When an app may ask a person for an App Store (or Play Store) review: triggers, guards, responses, counting, presentation and rollout (ReviewGate Semantics §2). Checked by `reviewgate validate`, which also checks what a schema cannot.",
          "type": "object",
          "required": ["reviewgate", "name"],
          "properties": {
            "reviewgate": {
              "description": "The policy language version. Only 1 exists; a higher one needs a newer reviewgate.",
              "const": 1,
              "examples": [1]
            },
            "name": {
              "description": "The policy's name: lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit. It names the policy in decisions and is the default rollout salt.",
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9._-]*$",
              "examples": ["apple-sample", "three-week-rule"]
            },
            "description": {
              "description": "What the policy does, for people.",
              "type": ["string", "null"],
              "examples": ["Ask on the 4th completed process, once per build."]
            },
            "prompt": {
              "description": "The prompt this policy decides, as a budget names it (Semantics §12): its guards, `since_last_ask` and `responses` read only this prompt's asks and answers, and `system_quota` defaults to the OS's only for `review`. Default: `review`.",
              "type": ["string", "null"],
              "pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]*$",
              "maxLength": 100,
              "default": "review",
              "examples": ["review", "survey"]
            },
            "enabled": {
              "description": "Kill switch: `false` blocks every moment, with `blocked_by: [enabled]`.",
              "type": ["boolean", "null"],
              "default": true
            },
            "extends": {
              "description": "A policy to load first, by a path relative to this file; this file overrides it: mappings merge key by key, lists and scalars replace. A cycle is an error. A policy that extends another may leave out `triggers` and parts of mappings that the base policy provides, and may set a key to `null` to remove the base's setting (`guards: {cooldown: null}`).",
              "type": "string",
              "minLength": 1,
              "examples": ["base.yaml"]
            },
            "app": {
              "description": "The app: its store id, which version string counts as \"the version\", and its platform.",
              "type": ["object", "null"],
              "properties": {
                "store_id": {
                  "description": "The App Store id (digits, as a string: quote it). Builds `write_review_url`: https://apps.apple.com/app/id<store_id>?action=write-review.",
                  "type": ["string", "null"],
                  "pattern": "^[0-9]+$",
                  "examples": ["1234567890"]
                },
                "package": {
                  "description": "The Android application id. Builds `write_review_url` on android: https://play.google.com/store/apps/details?id=<package>.",
                  "type": ["string", "null"],
                  "pattern": "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$",
                  "examples": ["com.example.app"]
                },
                "version_key": {
                  "description": "Which version string is \"the version\" for `once_per_version`, `min_version_age`, `app_version` and `reset_on_new_version`: `short` = CFBundleShortVersionString / versionName, `build` = CFBundleVersion / versionCode.",
                  "enum": ["short", "build", null],
                  "default": "short"
                },
                "platform": {
                  "description": "The platform: sets the default `system_quota` (ios: 3 asks in 365 days; android: none).",
                  "enum": ["ios", "android", null],
                  "default": "ios"
                }
              },
              "additionalProperties": false
            },
            "triggers": {
              "description": "The moments that may ask, by trigger id (at least one). A moment is allowed when every guard passes and at least one of its candidate triggers passes; the first in file order is the decision's trigger.",
              "type": ["object", "null"],
              "minProperties": 1,
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": { "anyOf": [{ "$ref": "#/$defs/trigger" }, { "type": "null" }] },
              "examples": [{ "process_completed": { "at_least": 4, "scenes": ["ProcessCompleted"] } }]
            },
            "guards": {
              "description": "Rules that hold for every trigger; all must pass. Every comparison is inclusive: an age of exactly 21d passes `min_install_age: 21d`.",
              "type": ["object", "null"],
              "properties": {
                "never_on": {
                  "description": "Sources on which never to ask: passes when the moment's source is not listed. The default follows Apple's HIG: never at launch, never from a button.",
                  "type": ["array", "null"],
                  "items": { "$ref": "#/$defs/source" },
                  "default": ["launch", "user_action"],
                  "examples": [["launch", "user_action"], ["user_action"]]
                },
                "min_install_age": {
                  "description": "Passes when `now − installed_at ≥` this duration.",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["21d", "3w"]
                },
                "min_launches": {
                  "description": "Passes when the app has been launched at least this many times (`launches ≥ n`).",
                  "type": ["integer", "null"], "maximum": 1000000000,
                  "minimum": 0,
                  "examples": [3, 10]
                },
                "active_days": {
                  "description": "Days of use (Semantics §14.2): passes when the app launched on at least `at_least` distinct local dates among the last `within` days, today included. Needs reviewgate 0.5.",
                  "type": ["object", "null"],
                  "required": ["at_least", "within"],
                  "properties": {
                    "at_least": { "description": "How many days of use; at most the window's days.", "type": "integer", "minimum": 1, "maximum": 366 },
                    "within": { "description": "The window, in days: 1d to 366d.", "$ref": "#/$defs/dayWindow" }
                  },
                  "additionalProperties": false,
                  "examples": [{ "at_least": 4, "within": "7d" }]
                },
                "min_session_age": {
                  "description": "Passes when `now − session_started_at ≥` this duration; an unknown session start fails.",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["2m"]
                },
                "min_version_age": {
                  "description": "A grace period after an update: passes when `now − version_first_seen_at ≥` this duration.",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["3d"]
                },
                "cooldown": {
                  "description": "Passes when the last ask was at least this long ago (`now − last_ask ≥ d`); never asked passes. A list is a wait that grows (Semantics §14.3): after the k-th ask of the prompt, the k-th entry, past the list its last. Needs reviewgate 0.5.",
                  "anyOf": [
                    { "$ref": "#/$defs/duration" },
                    { "type": "array", "items": { "$ref": "#/$defs/duration" }, "minItems": 1 },
                    { "type": "null" }
                  ],
                  "examples": ["7d", ["14d", "30d", "90d", "180d", "365d"]]
                },
                "once_per_version": {
                  "description": "When `true`, passes only if no ask is recorded for the current version (by `app.version_key`).",
                  "type": ["boolean", "null"],
                  "default": false
                },
                "max_asks": {
                  "description": "Passes when fewer than `count` asks were recorded in the window `(now − per, now]`, or in the app's lifetime without `per`.",
                  "type": ["object", "null"],
                  "properties": {
                    "count": {
                      "description": "How many asks the window holds at most.",
                      "type": "integer", "maximum": 1000000000,
                      "minimum": 1,
                      "examples": [2]
                    },
                    "per": {
                      "description": "The window's length; leave it out for the app's lifetime.",
                      "$ref": "#/$defs/duration",
                      "examples": ["90d"]
                    }
                  },
                  "additionalProperties": false,
                  "examples": [{ "count": 2, "per": "90d" }, { "count": 5 }]
                },
                "system_quota": {
                  "description": "Models the OS, which shows the prompt a limited number of times and drops the rest silently: passes when fewer than `max` asks were recorded in `(now − per, now]`. `false` turns it off. Default: `{max: 3, per: 365d}` on ios, `false` on android.",
                  "oneOf": [
                    { "type": "null" },
                    { "const": false, "description": "No system quota." },
                    {
                      "type": "object",
                      "properties": {
                        "max": {
                          "description": "How many asks the OS honours in the window.",
                          "type": "integer", "maximum": 1000000000,
                          "minimum": 1,
                          "examples": [3]
                        },
                        "per": {
                          "description": "The window's length.",
                          "$ref": "#/$defs/duration",
                          "examples": ["365d"]
                        }
                      },
                      "additionalProperties": false
                    }
                  ],
                  "examples": [{ "max": 3, "per": "365d" }, false]
                },
                "when": {
                  "description": "A condition that must hold for every trigger.",
                  "anyOf": [{ "$ref": "#/$defs/condition" }, { "type": "null" }]
                }
              },
              "additionalProperties": false
            },
            "responses": {
              "description": "What the person's answers to the app's own pre-prompt (\"Enjoying the app?\"), or use of the write-review link, do. In a decision their guard id is `responses`.",
              "type": ["object", "null"],
              "properties": {
                "after_rated": {
                  "description": "After a `rated` answer: `never` ask again, or wait for the `next_version`.",
                  "enum": ["never", "next_version", null],
                  "default": "next_version"
                },
                "after_declined": {
                  "description": "After a `declined` answer: `never` ask again, wait for the `next_version`, or wait a duration. A list grows with declines in a row (Semantics §14.3): the k-th in a row waits the k-th entry, past the list its last. A list needs reviewgate 0.5.",
                  "anyOf": [
                    { "type": "null" },
                    { "enum": ["never", "next_version"] },
                    { "$ref": "#/$defs/duration" },
                    {
                      "type": "array",
                      "items": { "anyOf": [{ "enum": ["never", "next_version"] }, { "$ref": "#/$defs/duration" }] },
                      "minItems": 1
                    }
                  ],
                  "default": "next_version",
                  "examples": ["next_version", "never", "30d", ["30d", "90d", "never"]]
                },
                "after_later": {
                  "description": "After a `later` answer: how long to wait. A list grows with laters in a row (Semantics §14.3): the k-th in a row waits the k-th entry, past the list its last. A list needs reviewgate 0.5.",
                  "anyOf": [
                    { "$ref": "#/$defs/duration" },
                    { "type": "array", "items": { "$ref": "#/$defs/duration" }, "minItems": 1 },
                    { "type": "null" }
                  ],
                  "default": "1d",
                  "examples": ["1d", "3d", ["7d", "7d", "30d"]]
                }
              },
              "additionalProperties": false
            },
            "counting": {
              "description": "How `record` updates the state (`evaluate` never changes anything).",
              "type": ["object", "null"],
              "properties": {
                "while_blocked": {
                  "description": "Whether a donation that a guard blocked still counts. `false` ignores a donation made during the cooldown or in an already-asked version. A donation blocked only by its own trigger's count always counts.",
                  "type": ["boolean", "null"],
                  "default": true
                },
                "reset_on_new_version": {
                  "description": "When the app version changes, event counts and launches start again from 0.",
                  "type": ["boolean", "null"],
                  "default": false
                }
              },
              "additionalProperties": false
            },
            "presentation": {
              "description": "How the app should present an allowed ask.",
              "type": ["object", "null"],
              "properties": {
                "delay": {
                  "description": "How long to wait before asking.",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "default": "0s",
                  "examples": ["2s"]
                },
                "require_same_scene": {
                  "description": "Ask only if the person is still on the moment's scene when the delay ends.",
                  "type": ["boolean", "null"],
                  "default": false
                }
              },
              "additionalProperties": false,
              "default": {}
            },
            "rollout": {
              "description": "Asks only for a share of people: bucket = FNV-1a 64-bit of `salt:user_id` modulo 10000; passes when bucket < percent × 100. A state without `user_id` fails.",
              "type": ["object", "null"],
              "properties": {
                "percent": {
                  "description": "The share of people, 0 to 100; decimals allowed.",
                  "type": ["number", "null"],
                  "minimum": 0,
                  "maximum": 100,
                  "examples": [10, 12.5]
                },
                "salt": {
                  "description": "Mixed into the bucket, so that policies split people differently. Default: the policy's `name`.",
                  "type": ["string", "null"],
                  "examples": ["review-2026-q4"]
                }
              },
              "additionalProperties": false
            },
            "experiment": {
              "description": "An experiment (Semantics §13): the people not held out are split into arms by weight, each deciding with the policy as its `override` changes it; the holdout is never asked by this policy. bucket = FNV-1a 64-bit of `salt:user_id` modulo 10000 (the vectors in policies/experiments/assignment-vectors.json). A policy that `extends` another replaces its experiment whole.",
              "type": ["object", "null"],
              "properties": {
                "name": {
                  "description": "The experiment's id in decision events and reports.",
                  "type": "string",
                  "pattern": "^[A-Za-z_][A-Za-z0-9_.-]*$",
                  "examples": ["ask-earlier"]
                },
                "salt": {
                  "description": "Mixed into the bucket. Default: the experiment's `name`. Must differ from the rollout's salt.",
                  "type": "string",
                  "examples": ["ask-earlier-2026q1"]
                },
                "version": {
                  "description": "Raise it to assign everyone again under the current weights (an arm recorded at exposure is kept while it stays). Default 1.",
                  "type": "integer",
                  "minimum": 1
                },
                "holdout": {
                  "description": "The percent of people never asked by this policy, 0 to 100, at most two decimals. Default 0.",
                  "type": "number",
                  "minimum": 0,
                  "maximum": 100,
                  "examples": [5, 2.5]
                },
                "arms": {
                  "description": "The arms, in order: buckets past the holdout are split by weight in this order. `holdout` is reserved.",
                  "type": "object",
                  "minProperties": 1,
                  "propertyNames": { "not": { "const": "holdout" } },
                  "additionalProperties": {
                    "type": "object",
                    "properties": {
                      "weight": {
                        "description": "An integer share, 0 to 10000.",
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 10000
                      },
                      "override": {
                        "description": "Merged onto the policy as `extends` merges (`null` removes a setting); it may change triggers' settings, not add or remove a trigger.",
                        "type": "object",
                        "properties": {
                          "triggers": { "description": "Triggers by id, each trigger's keys merged onto the policy's (a count key replaces its count key).", "type": "object" },
                          "guards": { "description": "Guards merged key by key onto the policy's; `null` removes one.", "type": "object" },
                          "responses": { "description": "`after_rated`, `after_declined`, `after_later` merged onto the policy's.", "type": "object" },
                          "presentation": { "description": "`delay` and `require_same_scene` merged onto the policy's.", "type": "object" },
                          "enabled": { "description": "The arm's kill switch.", "type": "boolean" }
                        },
                        "additionalProperties": false
                      }
                    },
                    "required": ["weight"],
                    "additionalProperties": false
                  }
                }
              },
              "required": ["name", "arms"],
              "additionalProperties": false
            },
            "requires": {
              "description": "The oldest app and ReviewGate library this policy may run in. A remote update that asks for more is refused, and the app keeps the policy it had; a reviewgate older than `library_version` refuses the policy.",
              "type": ["object", "null"],
              "properties": {
                "app_version": {
                  "description": "The oldest app version, dotted digits, compared with the app's version under `app.version_key` (the marketing version unless set).",
                  "type": "string",
                  "pattern": "^[0-9]+(\\.[0-9]+)*$",
                  "examples": ["3.2"]
                },
                "library_version": {
                  "description": "The oldest ReviewGate library, dotted digits (`reviewgate --version` prints the CLI's).",
                  "type": "string",
                  "pattern": "^[0-9]+(\\.[0-9]+)*$",
                  "examples": ["0.2"]
                }
              },
              "additionalProperties": false
            },
            "lint": {
              "description": "Warnings the team means, so that `reviewgate validate --strict` passes: each id is the one `validate` prints in brackets after a warning.",
              "type": ["object", "null"],
              "properties": {
                "allow": {
                  "description": "The warning ids not to raise.",
                  "type": ["array", "null"],
                  "items": { "enum": ["kill_switch_off", "ask_at_launch", "ask_from_button", "launch_trigger_blocked", "session_age_at_launch", "quota_above_os", "no_limit", "no_spacing", "store_link_unused", "rollout_none", "never_asks", "newer_key", "arm_unchanged", "holdout_all", "cap_above_quota", "exact_since_stalls", "renamed_unread"] },
                  "uniqueItems": true,
                  "examples": [["ask_at_launch"]]
                }
              },
              "additionalProperties": false
            },
            "renamed": {
              "description": "Old names whose history counts as new ones' (Semantics §14.4): an event or prompt renamed resets no cap. Each maps an old name to the new one; `launch` is never renamed, no chain, no cycle. Merges key by key under `extends`. Needs reviewgate 0.5.",
              "type": ["object", "null"],
              "properties": {
                "events": {
                  "description": "Old event name: new event name. A donation of an old name is a moment of the new one.",
                  "type": ["object", "null"],
                  "propertyNames": { "$ref": "#/$defs/identifier" },
                  "additionalProperties": { "$ref": "#/$defs/identifier" },
                  "examples": [{ "lesson_done": "lesson_completed" }]
                },
                "prompts": {
                  "description": "Old prompt name: new prompt name. Asks, answers, leases and counters of an old name count as the new prompt's.",
                  "type": ["object", "null"],
                  "propertyNames": { "$ref": "#/$defs/identifier" },
                  "additionalProperties": { "$ref": "#/$defs/identifier" },
                  "examples": [{ "rate_us": "review" }]
                }
              },
              "additionalProperties": false
            }
          },
          "additionalProperties": false,
          "if": { "not": { "required": ["extends"] } },
          "then": { "$ref": "#/$defs/standalonePolicy" },
          "$defs": {
            "standalonePolicy": {
              "description": "What a policy must have on its own when it does not `extends` another (one that does may take these from its base). `null`, which removes a base's setting, has nothing to remove here.",
              "required": ["triggers"],
              "patternProperties": { "": { "$ref": "#/$defs/notNull" } },
              "properties": {
                "triggers": {
                  "description": "At least one trigger, each with exactly one of `at_least`, `exactly`, `every`.",
                  "additionalProperties": {
                    "$ref": "#/$defs/notNull",
                    "patternProperties": { "": { "$ref": "#/$defs/notNull" } },
                    "oneOf": [
                      { "required": ["at_least"] },
                      { "required": ["exactly"] },
                      { "required": ["every"] }
                    ]
                  }
                },
                "app": {
                  "description": "No `null`: there is no base setting to remove.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } }
                },
                "responses": {
                  "description": "No `null`: there is no base setting to remove.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } }
                },
                "counting": {
                  "description": "No `null`: there is no base setting to remove.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } }
                },
                "presentation": {
                  "description": "No `null`: there is no base setting to remove.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } }
                },
                "lint": {
                  "description": "No `null`: there is no base setting to remove.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } }
                },
                "guards": {
                  "description": "Guards whose mappings must be complete.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } },
                  "properties": {
                    "max_asks": {
                      "description": "`count` is required.",
                      "required": ["count"]
                    },
                    "system_quota": {
                      "description": "`max` and `per` are required.",
                      "if": { "type": "object" },
                      "then": { "required": ["max", "per"] }
                    }
                  }
                },
                "rollout": {
                  "description": "`percent` is required.",
                  "patternProperties": { "": { "$ref": "#/$defs/notNull" } },
                  "required": ["percent"]
                }
              }
            },
            "notNull": {
              "description": "Anything but `null`: only a policy that `extends` another may set a key to `null`, to remove the base's setting.",
              "not": { "type": "null" }
            },
            "trigger": {
              "description": "A moment that may ask: exactly one of `at_least`, `exactly`, `every`, counting the donation being evaluated; optionally `event`, `within`, `scenes`, `when`.",
              "type": "object",
              "properties": {
                "event": {
                  "description": "The event whose donation is this moment; default: the trigger's id. The built-in event `launch` is the app's launch: its count is `launches` and its source is `launch`.",
                  "anyOf": [{ "$ref": "#/$defs/identifier" }, { "type": "null" }],
                  "examples": ["process_completed", "launch"]
                },
                "at_least": {
                  "description": "Passes when the count (this donation included) is at least N: the 4th completion is `at_least: 4`.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 1,
                  "examples": [4]
                },
                "exactly": {
                  "description": "Passes when the count (this donation included) is exactly N, so once.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 1,
                  "examples": [3]
                },
                "every": {
                  "description": "Passes on every Nth donation: `every: 5` passes on the 5th, 10th, ...",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 1,
                  "examples": [5]
                },
                "within": {
                  "description": "Count only donations with time in `(now − within, now]`.",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["7d"]
                },
                "since": {
                  "description": "`last_ask`: count only donations after the last ask of the policy's prompt (Semantics §14.1); a person never asked counts every donation. Needs reviewgate 0.5.",
                  "enum": ["last_ask", null],
                  "examples": ["last_ask"]
                },
                "scenes": {
                  "description": "Passes only when the moment's scene is one of these (at least one; leave `scenes` out to allow every scene).",
                  "type": ["array", "null"],
                  "minItems": 1,
                  "items": { "$ref": "#/$defs/identifier" },
                  "examples": [["ProcessCompleted"]]
                },
                "when": {
                  "description": "A condition that must also hold.",
                  "anyOf": [{ "$ref": "#/$defs/condition" }, { "type": "null" }]
                }
              },
              "additionalProperties": false,
              "not": {
                "anyOf": [
                  { "required": ["at_least", "exactly"] },
                  { "required": ["at_least", "every"] },
                  { "required": ["exactly", "every"] }
                ]
              }
            },
            "condition": {
              "description": "A condition (`when`): one of `all`, `any`, `not`, `event`, `launches`, `install_age`, `since_last_ask`, `flag`, `attribute`, `app_version`.",
              "type": "object",
              "oneOf": [
                { "$ref": "#/$defs/allCondition" },
                { "$ref": "#/$defs/anyCondition" },
                { "$ref": "#/$defs/notCondition" },
                { "$ref": "#/$defs/eventCondition" },
                { "$ref": "#/$defs/launchesCondition" },
                { "$ref": "#/$defs/activeDaysCondition" },
                { "$ref": "#/$defs/installAgeCondition" },
                { "$ref": "#/$defs/sinceLastAskCondition" },
                { "$ref": "#/$defs/flagCondition" },
                { "$ref": "#/$defs/attributeCondition" },
                { "$ref": "#/$defs/appVersionCondition" }
              ],
              "examples": [{ "all": [{ "event": "purchase_completed", "at_least": 1 }, { "not": { "flag": "crashed_recently" } }] }]
            },
            "allCondition": {
              "description": "Holds when every condition in the list holds; `all: []` holds.",
              "type": "object",
              "required": ["all"],
              "properties": {
                "all": {
                  "description": "Conditions that must all hold.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/condition" }
                }
              },
              "additionalProperties": false
            },
            "anyCondition": {
              "description": "Holds when at least one condition in the list holds; `any: []` does not.",
              "type": "object",
              "required": ["any"],
              "properties": {
                "any": {
                  "description": "Conditions of which at least one must hold.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/condition" }
                }
              },
              "additionalProperties": false
            },
            "notCondition": {
              "description": "Holds when the condition does not.",
              "type": "object",
              "required": ["not"],
              "properties": {
                "not": {
                  "description": "The condition that must not hold.",
                  "$ref": "#/$defs/condition",
                  "examples": [{ "flag": "crashed_recently" }]
                }
              },
              "additionalProperties": false
            },
            "eventCondition": {
              "description": "Compares an event's count (with the current donation when it is this event), by exactly one of `at_least`, `at_most`, `exactly`; optionally only within a window.",
              "type": "object",
              "required": ["event"],
              "properties": {
                "event": {
                  "description": "The event whose count is compared.",
                  "$ref": "#/$defs/identifier",
                  "examples": ["purchase_completed"]
                },
                "at_least": {
                  "description": "Holds when the count is at least this.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "at_most": {
                  "description": "Holds when the count is at most this.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "exactly": {
                  "description": "Holds when the count is exactly this.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "within": {
                  "description": "Count only donations with time in `(now − within, now]`.",
                  "$ref": "#/$defs/duration",
                  "examples": ["30d"]
                },
                "since": {
                  "description": "`last_ask`: count only donations after the last ask of the policy's prompt (Semantics §14.1). Needs reviewgate 0.5.",
                  "enum": ["last_ask"]
                }
              },
              "additionalProperties": false,
              "oneOf": [
                { "required": ["at_least"] },
                { "required": ["at_most"] },
                { "required": ["exactly"] }
              ]
            },
            "activeDaysCondition": {
              "description": "Compares the days of use (Semantics §14.2): distinct local dates with a launch among the last `within` days.",
              "type": "object",
              "required": ["active_days"],
              "properties": {
                "active_days": {
                  "description": "Exactly one of `at_least`, `at_most`, and `within` in days.",
                  "type": "object",
                  "required": ["within"],
                  "properties": {
                    "at_least": { "description": "Holds when the days of use are at least this.", "type": "integer", "minimum": 0 },
                    "at_most": { "description": "Holds when the days of use are at most this.", "type": "integer", "minimum": 0 },
                    "within": { "description": "The window, in days.", "$ref": "#/$defs/dayWindow" }
                  },
                  "additionalProperties": false,
                  "oneOf": [{ "required": ["at_least"] }, { "required": ["at_most"] }],
                  "examples": [{ "at_least": 4, "within": "7d" }]
                }
              },
              "additionalProperties": false
            },
            "dayWindow": {
              "description": "A number of days written in days, 1d to 366d (checked by `reviewgate validate`).",
              "type": "string",
              "pattern": "^[0-9]+d$",
              "examples": ["7d", "30d"]
            },
            "launchesCondition": {
              "description": "Compares the number of launches.",
              "type": "object",
              "required": ["launches"],
              "properties": {
                "launches": {
                  "description": "Exactly one of `at_least`, `at_most`, `exactly`.",
                  "$ref": "#/$defs/countComparison",
                  "examples": [{ "at_least": 10 }]
                }
              },
              "additionalProperties": false
            },
            "installAgeCondition": {
              "description": "Compares the time since install (`now − installed_at`).",
              "type": "object",
              "required": ["install_age"],
              "properties": {
                "install_age": {
                  "description": "Exactly one of `at_least`, `at_most`.",
                  "$ref": "#/$defs/durationComparison",
                  "examples": [{ "at_least": "30d" }]
                }
              },
              "additionalProperties": false
            },
            "sinceLastAskCondition": {
              "description": "Compares the time since the last ask; never asked counts as infinitely long ago.",
              "type": "object",
              "required": ["since_last_ask"],
              "properties": {
                "since_last_ask": {
                  "description": "Exactly one of `at_least`, `at_most`.",
                  "$ref": "#/$defs/durationComparison",
                  "examples": [{ "at_least": "14d" }]
                }
              },
              "additionalProperties": false
            },
            "flagCondition": {
              "description": "Holds when the state's flag is `true`.",
              "type": "object",
              "required": ["flag"],
              "properties": {
                "flag": {
                  "description": "The flag's name in the state's `flags`.",
                  "$ref": "#/$defs/identifier",
                  "examples": ["crashed_recently"]
                }
              },
              "additionalProperties": false
            },
            "attributeCondition": {
              "description": "Compares a state attribute by exactly one of `equals`, `in`, `at_least`, `at_most`; a missing attribute does not hold.",
              "type": "object",
              "required": ["attribute"],
              "properties": {
                "attribute": {
                  "description": "The attribute's name in the state's `attributes`.",
                  "$ref": "#/$defs/identifier",
                  "examples": ["plan"]
                },
                "equals": {
                  "description": "Holds when the attribute equals this scalar.",
                  "$ref": "#/$defs/scalar",
                  "examples": ["pro"]
                },
                "in": {
                  "description": "Holds when the attribute equals one of these scalars.",
                  "type": "array",
                  "items": { "$ref": "#/$defs/scalar" },
                  "examples": [["pro", "team"]]
                },
                "at_least": {
                  "description": "Holds when the attribute is a number at least this.",
                  "type": "number"
                },
                "at_most": {
                  "description": "Holds when the attribute is a number at most this.",
                  "type": "number"
                }
              },
              "additionalProperties": false,
              "oneOf": [
                { "required": ["equals"] },
                { "required": ["in"] },
                { "required": ["at_least"] },
                { "required": ["at_most"] }
              ]
            },
            "appVersionCondition": {
              "description": "Compares the current app version (by `app.version_key`), dotted and numeric: 1.10 > 1.9, a missing part is 0.",
              "type": "object",
              "required": ["app_version"],
              "properties": {
                "app_version": {
                  "description": "Exactly one of `at_least`, `below`.",
                  "type": "object",
                  "properties": {
                    "at_least": {
                      "description": "Holds when the version is this one or later.",
                      "$ref": "#/$defs/dottedVersion",
                      "examples": ["2.0"]
                    },
                    "below": {
                      "description": "Holds when the version is earlier than this one.",
                      "$ref": "#/$defs/dottedVersion",
                      "examples": ["3.0"]
                    }
                  },
                  "additionalProperties": false,
                  "minProperties": 1,
                  "maxProperties": 1,
                  "examples": [{ "at_least": "2.0" }]
                }
              },
              "additionalProperties": false
            },
            "countComparison": {
              "description": "A count compared by exactly one of `at_least`, `at_most`, `exactly`.",
              "type": "object",
              "properties": {
                "at_least": {
                  "description": "Holds when the count is at least this.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "at_most": {
                  "description": "Holds when the count is at most this.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "exactly": {
                  "description": "Holds when the count is exactly this.",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                }
              },
              "additionalProperties": false,
              "minProperties": 1,
              "maxProperties": 1
            },
            "durationComparison": {
              "description": "A length of time compared by exactly one of `at_least`, `at_most`.",
              "type": "object",
              "properties": {
                "at_least": {
                  "description": "Holds when the time is at least this long.",
                  "$ref": "#/$defs/duration"
                },
                "at_most": {
                  "description": "Holds when the time is at most this long.",
                  "$ref": "#/$defs/duration"
                }
              },
              "additionalProperties": false,
              "minProperties": 1,
              "maxProperties": 1
            },
            "source": {
              "description": "Where a moment comes from: `system` (the app's own logic), `launch` (the app's launch), `user_action` (a button the person pressed).",
              "enum": ["launch", "user_action", "system"]
            },
            "duration": {
              "description": "A duration: a whole number and a unit, s m h d w (seconds, minutes, hours, days, weeks): 2s, 12h, 21d, 3w. No sign, no bare number. At most 100 years (checked by `reviewgate validate`; a pattern cannot say it).",
              "type": "string",
              "pattern": "^[0-9]+[smhdw]$",
              "examples": ["2s", "12h", "21d", "3w"]
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
            "dottedVersion": {
              "description": "A version of dotted numbers, compared part by part: \"2.0\", \"1.4.2\"; 1.10 is later than 1.9. Quote it, or YAML reads 2.0 as a number.",
              "type": "string",
              "pattern": "^[0-9]+(\\.[0-9]+)*$",
              "examples": ["2.0", "1.4.2"]
            }
          }
        }
        """##
}
