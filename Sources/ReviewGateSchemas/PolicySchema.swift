extension JSONSchema {
    /// The JSON Schema of a policy file (Semantics §2): `schemas/policy.schema.json`.
    ///
    /// The template of its shape: a key's `"description": "{{FILE:PATH}}"` is its words
    /// (`Words/KeyWords+*.swift`) and its `markdownDescription` is made from them (``render(_:snippets:)``).
    /// Edit the shape here and a key's words there, then run `REVIEWGATE_UPDATE_SCHEMAS=1 swift test
    /// --filter SchemaFiles` to rewrite the file in `schemas/`; the test fails while the two differ.
    static let policyText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate policy",
          "description": "When an app may ask a person for an App Store (or Play Store) review: triggers, guards, responses, counting, presentation and rollout (ReviewGate Semantics §2). Checked by `reviewgate validate`, which also checks what a schema cannot.",
          "type": "object",
          "required": ["reviewgate", "name"],
          "properties": {
            "reviewgate": {
              "description": "{{policy:/reviewgate}}",
              "const": 1,
              "examples": [1]
            },
            "name": {
              "description": "{{policy:/name}}",
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9._-]*$",
              "examples": ["apple-sample", "three-week-rule"]
            },
            "description": {
              "description": "{{policy:/description}}",
              "type": ["string", "null"],
              "examples": ["Ask on the 4th completed process, once per build."]
            },
            "prompt": {
              "description": "{{policy:/prompt}}",
              "type": ["string", "null"],
              "pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]*$",
              "maxLength": 100,
              "default": "review",
              "examples": ["review", "survey"]
            },
            "enabled": {
              "description": "{{policy:/enabled}}",
              "type": ["boolean", "null"],
              "default": true
            },
            "extends": {
              "description": "{{policy:/extends}}",
              "type": "string",
              "minLength": 1,
              "examples": ["base.yaml"]
            },
            "app": {
              "description": "{{policy:/app}}",
              "type": ["object", "null"],
              "properties": {
                "store_id": {
                  "description": "{{policy:/app/store_id}}",
                  "type": ["string", "null"],
                  "pattern": "^[0-9]+$",
                  "examples": ["1234567890"]
                },
                "package": {
                  "description": "{{policy:/app/package}}",
                  "type": ["string", "null"],
                  "pattern": "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$",
                  "examples": ["com.example.app"]
                },
                "version_key": {
                  "description": "{{policy:/app/version_key}}",
                  "enum": ["short", "build", null],
                  "default": "short"
                },
                "platform": {
                  "description": "{{policy:/app/platform}}",
                  "enum": ["ios", "android", null],
                  "default": "ios"
                }
              },
              "additionalProperties": false
            },
            "triggers": {
              "description": "{{policy:/triggers}}",
              "type": ["object", "null"],
              "minProperties": 1,
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": { "anyOf": [{ "$ref": "#/$defs/trigger" }, { "type": "null" }] },
              "examples": [{ "process_completed": { "at_least": 4, "scenes": ["ProcessCompleted"] } }]
            },
            "guards": {
              "description": "{{policy:/guards}}",
              "type": ["object", "null"],
              "properties": {
                "never_on": {
                  "description": "{{policy:/guards/never_on}}",
                  "type": ["array", "null"],
                  "items": { "$ref": "#/$defs/source" },
                  "default": ["launch", "user_action"],
                  "examples": [["launch", "user_action"], ["user_action"]]
                },
                "min_install_age": {
                  "description": "{{policy:/guards/min_install_age}}",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["21d", "3w"]
                },
                "min_launches": {
                  "description": "{{policy:/guards/min_launches}}",
                  "type": ["integer", "null"], "maximum": 1000000000,
                  "minimum": 0,
                  "examples": [3, 10]
                },
                "active_days": {
                  "description": "{{policy:/guards/active_days}}",
                  "type": ["object", "null"],
                  "required": ["at_least", "within"],
                  "properties": {
                    "at_least": { "description": "{{policy:/guards/active_days/at_least}}", "type": "integer", "minimum": 1, "maximum": 366 },
                    "within": { "description": "{{policy:/guards/active_days/within}}", "$ref": "#/$defs/dayWindow" }
                  },
                  "additionalProperties": false,
                  "examples": [{ "at_least": 4, "within": "7d" }]
                },
                "min_session_age": {
                  "description": "{{policy:/guards/min_session_age}}",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["2m"]
                },
                "min_version_age": {
                  "description": "{{policy:/guards/min_version_age}}",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["3d"]
                },
                "cooldown": {
                  "description": "{{policy:/guards/cooldown}}",
                  "anyOf": [
                    { "$ref": "#/$defs/duration" },
                    { "type": "array", "items": { "$ref": "#/$defs/duration" }, "minItems": 1 },
                    { "type": "null" }
                  ],
                  "examples": ["7d", ["14d", "30d", "90d", "180d", "365d"]]
                },
                "once_per_version": {
                  "description": "{{policy:/guards/once_per_version}}",
                  "type": ["boolean", "null"],
                  "default": false
                },
                "max_asks": {
                  "description": "{{policy:/guards/max_asks}}",
                  "type": ["object", "null"],
                  "properties": {
                    "count": {
                      "description": "{{policy:/guards/max_asks/count}}",
                      "type": "integer", "maximum": 1000000000,
                      "minimum": 1,
                      "examples": [2]
                    },
                    "per": {
                      "description": "{{policy:/guards/max_asks/per}}",
                      "$ref": "#/$defs/duration",
                      "examples": ["90d"]
                    }
                  },
                  "additionalProperties": false,
                  "examples": [{ "count": 2, "per": "90d" }, { "count": 5 }]
                },
                "system_quota": {
                  "description": "{{policy:/guards/system_quota}}",
                  "oneOf": [
                    { "type": "null" },
                    { "const": false, "description": "No system quota." },
                    {
                      "type": "object",
                      "properties": {
                        "max": {
                          "description": "{{policy:/guards/system_quota/max}}",
                          "type": "integer", "maximum": 1000000000,
                          "minimum": 1,
                          "examples": [3]
                        },
                        "per": {
                          "description": "{{policy:/guards/system_quota/per}}",
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
                  "description": "{{policy:/guards/when}}",
                  "anyOf": [{ "$ref": "#/$defs/condition" }, { "type": "null" }]
                }
                "{{more:policy:/guards}}"
              },
              "additionalProperties": false
            },
            "responses": {
              "description": "{{policy:/responses}}",
              "type": ["object", "null"],
              "properties": {
                "after_rated": {
                  "description": "{{policy:/responses/after_rated}}",
                  "enum": ["never", "next_version", null],
                  "default": "next_version"
                },
                "after_declined": {
                  "description": "{{policy:/responses/after_declined}}",
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
                  "description": "{{policy:/responses/after_later}}",
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
              "description": "{{policy:/counting}}",
              "type": ["object", "null"],
              "properties": {
                "while_blocked": {
                  "description": "{{policy:/counting/while_blocked}}",
                  "type": ["boolean", "null"],
                  "default": true
                },
                "reset_on_new_version": {
                  "description": "{{policy:/counting/reset_on_new_version}}",
                  "type": ["boolean", "null"],
                  "default": false
                }
              },
              "additionalProperties": false
            },
            "presentation": {
              "description": "{{policy:/presentation}}",
              "type": ["object", "null"],
              "properties": {
                "delay": {
                  "description": "{{policy:/presentation/delay}}",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "default": "0s",
                  "examples": ["2s"]
                },
                "require_same_scene": {
                  "description": "{{policy:/presentation/require_same_scene}}",
                  "type": ["boolean", "null"],
                  "default": false
                }
              },
              "additionalProperties": false,
              "default": {}
            },
            "rollout": {
              "description": "{{policy:/rollout}}",
              "type": ["object", "null"],
              "properties": {
                "percent": {
                  "description": "{{policy:/rollout/percent}}",
                  "type": ["number", "null"],
                  "minimum": 0,
                  "maximum": 100,
                  "examples": [10, 12.5]
                },
                "salt": {
                  "description": "{{policy:/rollout/salt}}",
                  "type": ["string", "null"],
                  "examples": ["review-2026-q4"]
                },
                "hash": {
                  "description": "{{policy:/rollout/hash}}",
                  "enum": ["v1", "v2"]
                }
              },
              "additionalProperties": false
            },
            "experiment": {
              "description": "{{policy:/experiment}}",
              "type": ["object", "null"],
              "properties": {
                "name": {
                  "description": "{{policy:/experiment/name}}",
                  "type": "string",
                  "pattern": "^[A-Za-z_][A-Za-z0-9_.-]*$",
                  "examples": ["ask-earlier"]
                },
                "salt": {
                  "description": "{{policy:/experiment/salt}}",
                  "type": "string",
                  "examples": ["ask-earlier-2026q1"]
                },
                "version": {
                  "description": "{{policy:/experiment/version}}",
                  "type": "integer",
                  "minimum": 1
                },
                "hash": {
                  "description": "{{policy:/experiment/hash}}",
                  "enum": ["v1", "v2"]
                },
                "holdout": {
                  "description": "{{policy:/experiment/holdout}}",
                  "type": "number",
                  "minimum": 0,
                  "maximum": 100,
                  "examples": [5, 2.5]
                },
                "arms": {
                  "description": "{{policy:/experiment/arms}}",
                  "type": "object",
                  "minProperties": 1,
                  "propertyNames": { "not": { "const": "holdout" } },
                  "additionalProperties": {
                    "type": "object",
                    "properties": {
                      "weight": {
                        "description": "{{policy:/experiment/arms/*/weight}}",
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 10000
                      },
                      "override": {
                        "description": "{{policy:/experiment/arms/*/override}}",
                        "type": "object",
                        "properties": {
                          "triggers": { "description": "{{policy:/experiment/arms/*/override/triggers}}", "type": "object" },
                          "guards": { "description": "{{policy:/experiment/arms/*/override/guards}}", "type": "object" },
                          "responses": { "description": "{{policy:/experiment/arms/*/override/responses}}", "type": "object" },
                          "presentation": { "description": "{{policy:/experiment/arms/*/override/presentation}}", "type": "object" },
                          "enabled": { "description": "{{policy:/experiment/arms/*/override/enabled}}", "type": "boolean" }
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
              "description": "{{policy:/requires}}",
              "type": ["object", "null"],
              "properties": {
                "app_version": {
                  "description": "{{policy:/requires/app_version}}",
                  "type": "string",
                  "pattern": "^[0-9]+(\\.[0-9]+)*$",
                  "examples": ["3.2"]
                },
                "library_version": {
                  "description": "{{policy:/requires/library_version}}",
                  "type": "string",
                  "pattern": "^[0-9]+(\\.[0-9]+)*$",
                  "examples": ["0.2"]
                }
              },
              "additionalProperties": false
            },
            "lint": {
              "description": "{{policy:/lint}}",
              "type": ["object", "null"],
              "properties": {
                "allow": {
                  "description": "{{policy:/lint/allow}}",
                  "type": ["array", "null"],
                  "items": { "enum": ["kill_switch_off", "ask_at_launch", "ask_from_button", "launch_trigger_blocked", "session_age_at_launch", "quota_above_os", "no_limit", "no_spacing", "store_link_unused", "rollout_none", "never_asks", "newer_key", "arm_unchanged", "holdout_all", "cap_above_quota", "exact_since_stalls", "renamed_unread", "channel_decide_testflight", "hash_v1"] },
                  "uniqueItems": true,
                  "examples": [["ask_at_launch"]]
                }
              },
              "additionalProperties": false
            },
            "renamed": {
              "description": "{{policy:/renamed}}",
              "type": ["object", "null"],
              "properties": {
                "events": {
                  "description": "{{policy:/renamed/events}}",
                  "type": ["object", "null"],
                  "propertyNames": { "$ref": "#/$defs/identifier" },
                  "additionalProperties": { "$ref": "#/$defs/identifier" },
                  "examples": [{ "lesson_done": "lesson_completed" }]
                },
                "prompts": {
                  "description": "{{policy:/renamed/prompts}}",
                  "type": ["object", "null"],
                  "propertyNames": { "$ref": "#/$defs/identifier" },
                  "additionalProperties": { "$ref": "#/$defs/identifier" },
                  "examples": [{ "rate_us": "review" }]
                }
              },
              "additionalProperties": false
            },
            "channels": {
              "description": "{{policy:/channels}}",
              "type": ["object", "null"],
              "properties": {
                "testflight": {
                  "description": "{{policy:/channels/testflight}}",
                  "enum": ["decide", "block", "no_quota"]
                },
                "development": {
                  "description": "{{policy:/channels/development}}",
                  "enum": ["decide", "block", "no_quota"]
                }
              },
              "additionalProperties": false,
              "examples": [{ "testflight": "block", "development": "no_quota" }]
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
                  "description": "{{policy:/triggers/*/event}}",
                  "anyOf": [{ "$ref": "#/$defs/identifier" }, { "type": "null" }],
                  "examples": ["process_completed", "launch"]
                },
                "at_least": {
                  "description": "{{policy:/triggers/*/at_least}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 1,
                  "examples": [4]
                },
                "exactly": {
                  "description": "{{policy:/triggers/*/exactly}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 1,
                  "examples": [3]
                },
                "every": {
                  "description": "{{policy:/triggers/*/every}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 1,
                  "examples": [5]
                },
                "within": {
                  "description": "{{policy:/triggers/*/within}}",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }],
                  "examples": ["7d"]
                },
                "since": {
                  "description": "{{policy:/triggers/*/since}}",
                  "enum": ["last_ask", null],
                  "examples": ["last_ask"]
                },
                "scenes": {
                  "description": "{{policy:/triggers/*/scenes}}",
                  "type": ["array", "null"],
                  "minItems": 1,
                  "items": { "$ref": "#/$defs/identifier" },
                  "examples": [["ProcessCompleted"]]
                },
                "when": {
                  "description": "{{policy:/triggers/*/when}}",
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
                  "description": "{{policy:/when/all}}",
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
                  "description": "{{policy:/when/any}}",
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
                  "description": "{{policy:/when/not}}",
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
                  "description": "{{policy:/when/event}}",
                  "$ref": "#/$defs/identifier",
                  "examples": ["purchase_completed"]
                },
                "at_least": {
                  "description": "{{policy:/when/launches/at_least}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "at_most": {
                  "description": "{{policy:/when/launches/at_most}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "exactly": {
                  "description": "{{policy:/when/launches/exactly}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "within": {
                  "description": "{{policy:/triggers/*/within}}",
                  "$ref": "#/$defs/duration",
                  "examples": ["30d"]
                },
                "since": {
                  "description": "{{policy:/when/event/since}}",
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
                  "description": "{{policy:/when/active_days}}",
                  "type": "object",
                  "required": ["within"],
                  "properties": {
                    "at_least": { "description": "{{policy:/when/active_days/at_least}}", "type": "integer", "minimum": 0 },
                    "at_most": { "description": "{{policy:/when/active_days/at_most}}", "type": "integer", "minimum": 0 },
                    "within": { "description": "{{policy:/when/active_days/within}}", "$ref": "#/$defs/dayWindow" }
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
                  "description": "{{policy:/when/launches}}",
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
                  "description": "{{policy:/when/install_age}}",
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
                  "description": "{{policy:/when/install_age}}",
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
                  "description": "{{policy:/when/flag}}",
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
                  "description": "{{policy:/when/attribute}}",
                  "$ref": "#/$defs/identifier",
                  "examples": ["plan"]
                },
                "equals": {
                  "description": "{{policy:/when/attribute/equals}}",
                  "$ref": "#/$defs/scalar",
                  "examples": ["pro"]
                },
                "in": {
                  "description": "{{policy:/when/attribute/in}}",
                  "type": "array",
                  "items": { "$ref": "#/$defs/scalar" },
                  "examples": [["pro", "team"]]
                },
                "at_least": {
                  "description": "{{policy:/when/attribute/at_least}}",
                  "type": "number"
                },
                "at_most": {
                  "description": "{{policy:/when/attribute/at_most}}",
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
                  "description": "{{policy:/when/app_version}}",
                  "type": "object",
                  "properties": {
                    "at_least": {
                      "description": "{{policy:/when/app_version/at_least}}",
                      "$ref": "#/$defs/dottedVersion",
                      "examples": ["2.0"]
                    },
                    "below": {
                      "description": "{{policy:/when/app_version/below}}",
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
                  "description": "{{policy:/when/launches/at_least}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "at_most": {
                  "description": "{{policy:/when/launches/at_most}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0
                },
                "exactly": {
                  "description": "{{policy:/when/launches/exactly}}",
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
                  "description": "{{policy:/when/install_age/at_least}}",
                  "$ref": "#/$defs/duration"
                },
                "at_most": {
                  "description": "{{policy:/when/install_age/at_most}}",
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
