extension JSONSchema {
    /// The JSON Schema of a compiled policy (Semantics §9, `reviewgate compile`): `schemas/compiled.schema.json`.
    ///
    /// Every setting is present (a default written out, `null` where a setting is off); conditions are
    /// as the policy wrote them (`policy.schema.json` describes them). A template, as ``policyText`` is:
    /// edit the shape here and a key's words in `Words/`, then run
    /// `REVIEWGATE_UPDATE_SCHEMAS=1 swift test --filter SchemaFiles`.
    static let compiledText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate compiled policy",
          "description": "A policy compiled by `reviewgate compile` for an app to carry (Semantics §9): the merged policy with `extends` resolved and every default written out, where each setting was written in the YAML, and the digest that names this exact policy. The library reads it with its own JSON reader and validates it as it validates YAML.",
          "type": "object",
          "required": ["reviewgate_compiled", "digest", "policy", "locations"],
          "properties": {
            "reviewgate_compiled": {
              "description": "{{compiled:/reviewgate_compiled}}",
              "const": 1
            },
            "digest": {
              "description": "{{compiled:/digest}}",
              "type": "string",
              "pattern": "^sha256:[0-9a-f]{64}$"
            },
            "policy": {
              "description": "{{compiled:/policy}}",
              "type": "object",
              "required": ["reviewgate", "name", "description", "enabled", "app", "triggers", "guards", "responses", "counting", "presentation", "rollout", "lint"],
              "properties": {
                "reviewgate": { "description": "The policy language version, 1.", "const": 1 },
                "name": {
                  "description": "The policy's name.",
                  "type": "string",
                  "pattern": "^[a-z0-9][a-z0-9._-]*$"
                },
                "description": { "description": "What the policy does, or null.", "type": ["string", "null"] },
                "prompt": {
                  "description": "The prompt the policy decides (Semantics §12), written only when the policy sets it: a policy without it is the review prompt's, and compiles to the bytes and digest it had before the key existed.",
                  "type": "string",
                  "pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]*$",
                  "maxLength": 100
                },
                "enabled": { "description": "The kill switch.", "type": "boolean" },
                "app": {
                  "description": "The app's settings, each written out.",
                  "type": "object",
                  "required": ["store_id", "package", "version_key", "platform"],
                  "properties": {
                    "store_id": {
                      "description": "The App Store id, or null.",
                      "anyOf": [{ "type": "string", "pattern": "^[0-9]+$" }, { "type": "null" }]
                    },
                    "package": { "description": "The Android application id, or null.", "type": ["string", "null"] },
                    "version_key": { "description": "Which version string counts.", "enum": ["short", "build"] },
                    "platform": { "description": "The platform.", "enum": ["ios", "android"] }
                  },
                  "additionalProperties": false
                },
                "triggers": {
                  "description": "The triggers by id, in the YAML's order.",
                  "type": "object",
                  "minProperties": 1,
                  "propertyNames": { "$ref": "#/$defs/identifier" },
                  "additionalProperties": { "$ref": "#/$defs/compiledTrigger" }
                },
                "guards": {
                  "description": "Every guard: its setting, its default, `false` for a switch that is off, or null.",
                  "type": "object",
                  "required": ["never_on", "min_install_age", "min_launches", "min_session_age", "min_version_age", "cooldown", "once_per_version", "max_asks", "system_quota", "when"],
                  "properties": {
                    "never_on": {
                      "description": "The sources that never ask.",
                      "type": "array",
                      "items": { "enum": ["launch", "user_action", "system"] }
                    },
                    "min_install_age": { "description": "A duration, or null.", "$ref": "#/$defs/optionalDuration" },
                    "min_launches": { "description": "A count, or null.", "type": ["integer", "null"], "minimum": 0 },
                    "active_days": {
                      "description": "Days of use (Semantics §14.2), written only when set.",
                      "type": "object",
                      "required": ["at_least", "within"],
                      "properties": {
                        "at_least": { "description": "Days of use.", "type": "integer", "minimum": 1 },
                        "within": { "description": "The window, in days.", "$ref": "#/$defs/duration" }
                      },
                      "additionalProperties": false
                    },
                    "min_session_age": { "description": "A duration, or null.", "$ref": "#/$defs/optionalDuration" },
                    "min_version_age": { "description": "A duration, or null.", "$ref": "#/$defs/optionalDuration" },
                    "cooldown": {
                      "description": "A duration, a list of them (Semantics §14.3), or null.",
                      "anyOf": [
                        { "$ref": "#/$defs/optionalDuration" },
                        { "type": "array", "items": { "$ref": "#/$defs/duration" }, "minItems": 1 }
                      ]
                    },
                    "once_per_version": { "description": "Whether one ask per version.", "type": "boolean" },
                    "max_asks": {
                      "description": "`{count, per}` (per null: a lifetime), or null.",
                      "anyOf": [
                        {
                          "type": "object",
                          "required": ["count", "per"],
                          "properties": {
                            "count": { "description": "Asks allowed.", "type": "integer", "minimum": 1 },
                            "per": { "description": "The window, or null for a lifetime.", "$ref": "#/$defs/optionalDuration" }
                          },
                          "additionalProperties": false
                        },
                        { "type": "null" }
                      ]
                    },
                    "system_quota": {
                      "description": "The OS's quota `{max, per}`, or false.",
                      "anyOf": [
                        {
                          "type": "object",
                          "required": ["max", "per"],
                          "properties": {
                            "max": { "description": "Asks the OS shows.", "type": "integer", "minimum": 1 },
                            "per": { "description": "The window.", "$ref": "#/$defs/duration" }
                          },
                          "additionalProperties": false
                        },
                        { "const": false }
                      ]
                    },
                    "when": { "description": "A condition as written (policy.schema.json), or null.", "type": ["object", "null"] }
                    "{{more:compiled:policy:/guards}}"
                  },
                  "additionalProperties": false
                },
                "responses": {
                  "description": "What each answer to the pre-prompt does.",
                  "type": "object",
                  "required": ["after_rated", "after_declined", "after_later"],
                  "properties": {
                    "after_rated": { "description": "never or next_version.", "enum": ["never", "next_version"] },
                    "after_declined": {
                      "description": "never, next_version or a duration, or a list of them (Semantics §14.3).",
                      "anyOf": [
                        { "enum": ["never", "next_version"] },
                        { "$ref": "#/$defs/duration" },
                        {
                          "type": "array",
                          "items": { "anyOf": [{ "enum": ["never", "next_version"] }, { "$ref": "#/$defs/duration" }] },
                          "minItems": 1
                        }
                      ]
                    },
                    "after_later": {
                      "description": "A duration, or a list of them (Semantics §14.3).",
                      "anyOf": [
                        { "$ref": "#/$defs/duration" },
                        { "type": "array", "items": { "$ref": "#/$defs/duration" }, "minItems": 1 }
                      ]
                    }
                  },
                  "additionalProperties": false
                },
                "counting": {
                  "description": "How record changes state.",
                  "type": "object",
                  "required": ["while_blocked", "reset_on_new_version"],
                  "properties": {
                    "while_blocked": { "description": "Whether a blocked donation counts.", "type": "boolean" },
                    "reset_on_new_version": { "description": "Whether counts restart with a version.", "type": "boolean" }
                  },
                  "additionalProperties": false
                },
                "presentation": {
                  "description": "How an allowed ask is presented.",
                  "type": "object",
                  "required": ["delay", "require_same_scene"],
                  "properties": {
                    "delay": { "description": "The wait before asking.", "$ref": "#/$defs/duration" },
                    "require_same_scene": { "description": "Ask only if still on the scene.", "type": "boolean" }
                  },
                  "additionalProperties": false
                },
                "rollout": {
                  "description": "`{percent, salt}` and `hash` when it is `v2` (never `v1`, so that a policy that writes it compiles to the bytes of one that does not), or null (everyone).",
                  "anyOf": [
                    {
                      "type": "object",
                      "required": ["percent", "salt"],
                      "properties": {
                        "percent": { "description": "The share asked, 0–100.", "type": "number", "minimum": 0, "maximum": 100 },
                        "salt": { "description": "The hash salt (the name unless set).", "type": "string" },
                        "hash": { "description": "The hash version, written only when it is not v1 (Semantics §13 *Hash versions*).", "const": "v2" }
                      },
                      "additionalProperties": false
                    },
                    { "type": "null" }
                  ]
                },
                "experiment": {
                  "description": "The experiment as the YAML writes it (Semantics §13), keys in name order but the arms in the file's (their order splits the buckets); left out when the policy has none, so that the digest of a policy without one is unchanged. The digest covers its arms. `hash` is written only when it is `v2`.",
                  "type": "object",
                  "required": ["name", "arms"]
                },
                "requires": {
                  "description": "The oldest app and library versions, each dotted digits or null (none); left out when the YAML has no requires.",
                  "type": "object",
                  "required": ["app_version", "library_version"],
                  "properties": {
                    "app_version": { "description": "The oldest app version.", "type": ["string", "null"], "pattern": "^[0-9]+(\\.[0-9]+)*$" },
                    "library_version": { "description": "The oldest ReviewGate library.", "type": ["string", "null"], "pattern": "^[0-9]+(\\.[0-9]+)*$" }
                  },
                  "additionalProperties": false
                },
                "lint": {
                  "description": "The warnings the team allows.",
                  "type": "object",
                  "required": ["allow"],
                  "properties": {
                    "allow": {
                      "description": "Warning ids.",
                      "type": "array",
                      "items": { "enum": ["kill_switch_off", "ask_at_launch", "ask_from_button", "launch_trigger_blocked", "session_age_at_launch", "quota_above_os", "no_limit", "no_spacing", "store_link_unused", "rollout_none", "never_asks", "newer_key", "arm_unchanged", "holdout_all", "cap_above_quota", "exact_since_stalls", "renamed_unread", "channel_decide_testflight", "hash_v1"] }
                    }
                  },
                  "additionalProperties": false
                },
                "renamed": {
                  "description": "Old names to new ones (Semantics §14.4), written only when set.",
                  "type": "object",
                  "properties": {
                    "events": {
                      "description": "Old event name: new event name.",
                      "type": "object",
                      "additionalProperties": { "$ref": "#/$defs/identifier" }
                    },
                    "prompts": {
                      "description": "Old prompt name: new prompt name.",
                      "type": "object",
                      "additionalProperties": { "$ref": "#/$defs/identifier" }
                    }
                  },
                  "additionalProperties": false
                },
                "channels": {
                  "description": "What each build channel does to the prompt (Semantics §16.1), written only when set.",
                  "type": "object",
                  "properties": {
                    "testflight": { "description": "TestFlight builds.", "enum": ["decide", "block", "no_quota"] },
                    "development": { "description": "Development builds.", "enum": ["decide", "block", "no_quota"] }
                  },
                  "additionalProperties": false
                }
              },
              "additionalProperties": false
            },
            "locations": {
              "description": "{{compiled:/locations}}",
              "type": "object",
              "additionalProperties": {
                "type": "object",
                "propertyNames": { "pattern": "^(/[^/]*)*$" },
                "additionalProperties": { "$ref": "#/$defs/place" }
              }
            }
          },
          "additionalProperties": false,
          "$defs": {
            "compiledTrigger": {
              "description": "A trigger with every key written out: exactly one of `at_least`, `exactly`, `every`.",
              "type": "object",
              "required": ["event", "within", "scenes", "when"],
              "properties": {
                "event": { "description": "The event counted.", "$ref": "#/$defs/identifier" },
                "at_least": { "description": "Count ≥ n.", "type": "integer", "minimum": 1 },
                "exactly": { "description": "Count = n.", "type": "integer", "minimum": 1 },
                "every": { "description": "Every nth.", "type": "integer", "minimum": 1 },
                "within": { "description": "The counting window, or null.", "$ref": "#/$defs/optionalDuration" },
                "since": { "description": "last_ask (Semantics §14.1), written only when set.", "enum": ["last_ask"] },
                "scenes": {
                  "description": "The scenes, or null.",
                  "anyOf": [{ "type": "array", "items": { "$ref": "#/$defs/identifier" } }, { "type": "null" }]
                },
                "when": { "description": "A condition as written (policy.schema.json), or null.", "type": ["object", "null"] }
              },
              "oneOf": [{ "required": ["at_least"] }, { "required": ["exactly"] }, { "required": ["every"] }],
              "additionalProperties": false
            },
            "place": {
              "description": "[line, column] of a node (1-based; columns in Unicode scalars), or for a mapping's value [line, column] of its key then of the value.",
              "type": "array",
              "items": { "type": "integer", "minimum": 1 },
              "minItems": 2,
              "maxItems": 4,
              "not": { "minItems": 3, "maxItems": 3 }
            },
            "optionalDuration": {
              "description": "A duration, or null where the setting is off.",
              "anyOf": [{ "$ref": "#/$defs/duration" }, { "type": "null" }]
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
            }
          }
        }
        """##
}
