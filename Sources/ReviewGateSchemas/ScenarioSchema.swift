extension JSONSchema {
    /// The JSON Schema of a scenario file (Semantics §6): `schemas/scenario.schema.json`.
    ///
    /// The template of its shape: a key's `"description": "{{FILE:PATH}}"` is its words
    /// (`Words/KeyWords+*.swift`) and its `markdownDescription` is made from them (``render(_:snippets:)``).
    /// Edit the shape here and a key's words there, then run `REVIEWGATE_UPDATE_SCHEMAS=1 swift test
    /// --filter SchemaFiles` to rewrite the file in `schemas/`; the test fails while the two differ.
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
              "description": "{{scenario:/reviewgate_scenario}}",
              "const": 1,
              "examples": [1]
            },
            "name": {
              "description": "{{scenario:/name}}",
              "type": "string",
              "minLength": 1,
              "examples": ["asks on the fourth completion, once per build"]
            },
            "description": {
              "description": "{{scenario:/description}}",
              "type": "string"
            },
            "policy": {
              "description": "{{scenario:/policy}}",
              "type": "string",
              "minLength": 1,
              "examples": ["apple-sample.yaml"]
            },
            "budget": {
              "description": "{{scenario:/budget}}",
              "type": "string",
              "minLength": 1,
              "examples": ["../calm-app.budget.yaml"]
            },
            "start": {
              "description": "{{scenario:/start}}",
              "$ref": "#/$defs/time",
              "examples": ["2026-01-05T09:00:00Z"]
            },
            "state": {
              "description": "{{scenario:/state}}",
              "$ref": "#/$defs/partialState",
              "default": {},
              "examples": [{ "app": { "short": "1.0", "build": "1" } }]
            },
            "steps": {
              "description": "{{scenario:/steps}}",
              "type": "array",
              "minItems": 1,
              "items": { "$ref": "#/$defs/step" }
            },
            "golden": {
              "description": "{{scenario:/golden}}",
              "type": "string",
              "minLength": 1,
              "examples": ["apple-sample.golden.txt"]
            },
            "channel": {
              "description": "{{scenario:/channel}}",
              "enum": ["production", "testflight", "development"],
              "default": "production"
            }
          },
          "additionalProperties": false,
          "$defs": {
            "step": {
              "description": "One step: at most one action (`launch`, `event`, `trigger`, `update`, `respond`, `set`), moved in time first by `after` or `at`, repeated by `repeat`, and for a moment (`launch`, `event`, `trigger`) an `expect`. A step with no action only moves the clock.",
              "type": "object",
              "properties": {
                "launch": {
                  "description": "{{scenario:/steps/*/launch}}",
                  "type": ["object", "null"],
                  "maxProperties": 0,
                  "examples": [{}]
                },
                "event": {
                  "description": "{{scenario:/steps/*/event}}",
                  "$ref": "#/$defs/identifier",
                  "examples": ["process_completed"]
                },
                "trigger": {
                  "description": "{{scenario:/steps/*/trigger}}",
                  "$ref": "#/$defs/identifier",
                  "examples": ["process_completed"]
                },
                "scene": {
                  "description": "{{scenario:/steps/*/scene}}",
                  "$ref": "#/$defs/identifier",
                  "examples": ["ProcessCompleted"]
                },
                "source": {
                  "description": "{{scenario:/steps/*/source}}",
                  "enum": ["system", "launch", "user_action"],
                  "default": "system"
                },
                "channel": {
                  "description": "{{scenario:/steps/*/channel}}",
                  "enum": ["production", "testflight", "development"]
                },
                "update": {
                  "description": "{{scenario:/steps/*/update}}",
                  "$ref": "#/$defs/appVersion",
                  "examples": [{ "build": "2" }]
                },
                "respond": {
                  "description": "{{scenario:/steps/*/respond}}",
                  "$ref": "#/$defs/responseKind"
                },
                "prompt": {
                  "description": "{{scenario:/steps/*/prompt}}",
                  "$ref": "#/$defs/identifier"
                },
                "want": {
                  "description": "{{scenario:/steps/*/want}}",
                  "anyOf": [
                    { "$ref": "#/$defs/identifier" },
                    { "type": "array", "items": { "$ref": "#/$defs/identifier" } }
                  ]
                },
                "lease": {
                  "description": "{{scenario:/steps/*/lease}}",
                  "type": "boolean"
                },
                "commit": {
                  "description": "{{scenario:/steps/*/commit}}",
                  "$ref": "#/$defs/identifier"
                },
                "release": {
                  "description": "{{scenario:/steps/*/release}}",
                  "$ref": "#/$defs/identifier"
                },
                "set": {
                  "description": "{{scenario:/steps/*/set}}",
                  "type": "object",
                  "properties": {
                    "flags": {
                      "description": "{{scenario:/steps/*/set/flags}}",
                      "$ref": "#/$defs/flags"
                    },
                    "attributes": {
                      "description": "{{scenario:/steps/*/set/attributes}}",
                      "$ref": "#/$defs/attributes"
                    }
                  },
                  "additionalProperties": false,
                  "minProperties": 1,
                  "examples": [{ "flags": { "crashed_recently": true }, "attributes": { "plan": "pro" } }]
                },
                "merge": {
                  "description": "{{scenario:/steps/*/merge}}",
                  "oneOf": [
                    { "type": "string", "minLength": 1 },
                    {
                      "type": "object",
                      "required": ["reviewgate_person"],
                      "properties": {
                        "reviewgate_person": { "description": "{{person:/reviewgate_person}}", "const": 1 },
                        "user_id": { "description": "{{person:/user_id}}", "type": "string" },
                        "asks": {
                          "description": "{{person:/asks}}",
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": ["at", "device"],
                            "properties": {
                              "at": { "description": "{{person:/asks/*/at}}", "$ref": "#/$defs/time" },
                              "device": { "description": "{{person:/asks/*/device}}", "type": "string" },
                              "prompt": { "description": "{{person:/asks/*/prompt}}", "$ref": "#/$defs/identifier" },
                              "short": { "description": "{{person:/asks/*/short}}", "type": "string" },
                              "build": { "description": "{{person:/asks/*/build}}", "type": "string" }
                            },
                            "additionalProperties": false
                          }
                        },
                        "answers": {
                          "description": "{{person:/answers}}",
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": ["at", "device", "kind"],
                            "properties": {
                              "at": { "description": "{{person:/answers/*/at}}", "$ref": "#/$defs/time" },
                              "device": { "description": "{{person:/answers/*/device}}", "type": "string" },
                              "prompt": { "description": "{{person:/answers/*/prompt}}", "$ref": "#/$defs/identifier" },
                              "kind": { "description": "{{person:/answers/*/kind}}", "enum": ["rated", "declined", "later"] }
                            },
                            "additionalProperties": false
                          }
                        }
                      },
                      "additionalProperties": false
                    }
                  ],
                  "examples": ["ipad.person.json"]
                },
                "after": {
                  "description": "{{scenario:/steps/*/after}}",
                  "$ref": "#/$defs/duration",
                  "examples": ["1h", "1d"]
                },
                "at": {
                  "description": "{{scenario:/steps/*/at}}",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-01-20T09:00:00Z"]
                },
                "repeat": {
                  "description": "{{scenario:/steps/*/repeat}}",
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 10000,
                  "default": 1,
                  "examples": [3]
                },
                "expect": {
                  "description": "{{scenario:/steps/*/expect}}",
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
                { "required": ["merge"] },
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
                      { "required": ["merge"] },
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
                "decision": { "description": "{{scenario:/steps/*/expect/*/decision}}", "$ref": "#/$defs/decision" },
                "trigger": { "description": "{{scenario:/steps/*/expect/*/trigger}}", "anyOf": [{ "$ref": "#/$defs/identifier" }, { "type": "null" }] },
                "blocked_by": {
                  "description": "{{scenario:/steps/*/expect/*/blocked_by}}",
                  "type": "array",
                  "items": { "anyOf": [{ "$ref": "#/$defs/checkId" }, { "const": "budget" }] }
                },
                "next_eligible_at": { "description": "{{scenario:/steps/*/expect/*/next_eligible_at}}", "anyOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }] }
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
                      "description": "{{scenario:/steps/*/expect/decision}}",
                      "$ref": "#/$defs/decision"
                    },
                    "trigger": {
                      "description": "{{scenario:/steps/*/expect/trigger}}",
                      "anyOf": [{ "$ref": "#/$defs/identifier" }, { "type": "null" }],
                      "examples": ["process_completed", null]
                    },
                    "blocked_by": {
                      "description": "{{scenario:/steps/*/expect/blocked_by}}",
                      "type": "array",
                      "items": { "$ref": "#/$defs/checkId" },
                      "examples": [["trigger"], ["once_per_version"]]
                    },
                    "next_eligible_at": {
                      "description": "{{scenario:/steps/*/expect/next_eligible_at}}",
                      "anyOf": [{ "$ref": "#/$defs/time" }, { "type": "null" }],
                      "examples": ["2026-01-12T09:00:00Z", null]
                    },
                    "arm": {
                      "description": "{{scenario:/steps/*/expect/arm}}",
                      "$ref": "#/$defs/identifier",
                      "examples": ["early", "holdout"]
                    },
                    "exposure": {
                      "description": "{{scenario:/steps/*/expect/exposure}}",
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
              "enum": "{{blockers}}"
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
                  "description": "{{state:/reviewgate_state}}",
                  "const": 1,
                  "examples": [1]
                },
                "user_id": {
                  "description": "{{state:/user_id}}",
                  "type": "string",
                  "examples": ["u-8c1f"]
                },
                "installed_at": {
                  "description": "When the app was installed (its first launch). Default: the scenario's `start`.",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-10-01T09:00:00Z"]
                },
                "session_started_at": {
                  "description": "{{state:/session_started_at}}",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-11-22T09:58:00Z"]
                },
                "launches": {
                  "description": "{{state:/launches}}",
                  "oneOf": [
                    { "type": "integer", "maximum": 1000000000, "minimum": 0 },
                    { "$ref": "#/$defs/eventRecord" }
                  ],
                  "default": 0,
                  "examples": [12, { "count": 12, "times": ["2026-11-20T08:00:00Z", "2026-11-21T08:30:00Z"] }]
                },
                "app": {
                  "description": "{{state:/app}}",
                  "$ref": "#/$defs/appVersion"
                },
                "version_first_seen_at": {
                  "description": "{{state:/version_first_seen_at}}",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-11-01T08:00:00Z"]
                },
                "events": {
                  "description": "{{state:/events}}",
                  "$ref": "#/$defs/events"
                },
                "active_days": {
                  "description": "{{state:/active_days}}",
                  "type": "array",
                  "items": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
                  "default": [],
                  "examples": [["2026-11-20", "2026-11-21"]]
                },
                "asks": {
                  "description": "{{state:/asks}}",
                  "type": "array",
                  "items": { "$ref": "#/$defs/ask" },
                  "default": []
                },
                "responses": {
                  "description": "{{state:/responses}}",
                  "type": "array",
                  "items": { "$ref": "#/$defs/response" },
                  "default": []
                },
                "leases": {
                  "description": "{{state:/leases}}",
                  "type": "array",
                  "items": { "$ref": "#/$defs/lease" },
                  "default": []
                },
                "experiments": {
                  "description": "{{state:/experiments}}",
                  "type": "object",
                  "additionalProperties": {
                    "type": "object",
                    "properties": {
                      "arm": { "description": "{{state:/experiments/*/arm}}", "type": "string" },
                      "version": { "description": "{{state:/experiments/*/version}}", "type": "integer", "minimum": 1 },
                      "exposed_at": { "description": "{{state:/experiments/*/exposed_at}}", "type": "string", "format": "date-time" }
                    },
                    "required": ["arm", "version", "exposed_at"],
                    "additionalProperties": false
                  },
                  "default": {}
                },
                "flags": {
                  "description": "{{state:/flags}}",
                  "$ref": "#/$defs/flags"
                },
                "attributes": {
                  "description": "{{state:/attributes}}",
                  "$ref": "#/$defs/attributes"
                }
                "{{more:state:}}"
              },
              "additionalProperties": false
            },
            "appVersion": {
              "description": "Version strings: `short` = CFBundleShortVersionString / versionName, `build` = CFBundleVersion / versionCode. Quote them, or YAML may read them as numbers.",
              "type": "object",
              "properties": {
                "short": {
                  "description": "{{state:/app/short}}",
                  "$ref": "#/$defs/versionString",
                  "examples": ["1.4.0"]
                },
                "build": {
                  "description": "{{state:/app/build}}",
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
                  "description": "{{state:/events/*/count}}",
                  "type": "integer", "maximum": 1000000000,
                  "minimum": 0,
                  "examples": [2]
                },
                "times": {
                  "description": "{{state:/events/*/times}}",
                  "type": "array",
                  "items": { "$ref": "#/$defs/time" },
                  "default": [],
                  "examples": [["2026-11-20T18:00:00Z", "2026-11-21T18:30:00Z"]]
                },
                "since_ask": {
                  "description": "{{state:/events/*/since_ask}}",
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
                  "description": "{{state:/asks/*/at}}",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-10-20T10:00:00Z"]
                },
                "short": {
                  "description": "{{state:/asks/*/short}}",
                  "$ref": "#/$defs/versionString",
                  "examples": ["1.3.0"]
                },
                "build": {
                  "description": "{{state:/asks/*/build}}",
                  "$ref": "#/$defs/versionString",
                  "examples": ["130"]
                },
                "trigger": {
                  "description": "{{state:/asks/*/trigger}}",
                  "$ref": "#/$defs/identifier",
                  "examples": ["process_completed"]
                },
                "prompt": {
                  "description": "{{state:/asks/*/prompt}}",
                  "$ref": "#/$defs/identifier",
                  "default": "review"
                },
                "device": {
                  "description": "{{state:/asks/*/device}}",
                  "type": "string",
                  "examples": ["d-3f9a61c0"]
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
                  "description": "{{state:/responses/*/at}}",
                  "$ref": "#/$defs/time",
                  "examples": ["2026-10-20T10:01:00Z"]
                },
                "kind": {
                  "description": "{{state:/responses/*/kind}}",
                  "$ref": "#/$defs/responseKind"
                },
                "prompt": {
                  "description": "{{state:/responses/*/prompt}}",
                  "$ref": "#/$defs/identifier",
                  "default": "review"
                },
                "device": {
                  "description": "{{state:/responses/*/device}}",
                  "type": "string",
                  "examples": ["d-3f9a61c0"]
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
                "id": { "description": "{{state:/leases/*/id}}", "type": "string" },
                "prompt": {
                  "description": "{{state:/leases/*/prompt}}",
                  "$ref": "#/$defs/identifier",
                  "default": "review"
                },
                "at": { "description": "{{state:/leases/*/at}}", "$ref": "#/$defs/time" },
                "expires": { "description": "{{state:/leases/*/expires}}", "$ref": "#/$defs/time" }
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
