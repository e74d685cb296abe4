extension JSONSchema {
    /// The JSON Schema of a budget file (Semantics §12): `schemas/budget.schema.json`. A template, as
    /// ``policyText`` is: edit the shape here and a key's words in `Words/`, then run
    /// `REVIEWGATE_UPDATE_SCHEMAS=1 swift test --filter SchemaFiles`.
    static let budgetText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate budget",
          "description": "One attention budget for all of an app's prompts (ReviewGate Semantics §12): which prompt may interrupt the person at a moment, and how often any may. Checked by `reviewgate validate`, which also loads each prompt's policy and checks what must hold across them.",
          "type": "object",
          "required": ["reviewgate_budget", "name", "prompts"],
          "properties": {
            "reviewgate_budget": {
              "description": "{{budget:/reviewgate_budget}}",
              "const": 1
            },
            "name": {
              "description": "{{budget:/name}}",
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9._-]*$",
              "examples": ["calm-app"]
            },
            "description": {
              "description": "{{budget:/description}}",
              "type": ["string", "null"]
            },
            "extends": {
              "description": "{{budget:/extends}}",
              "type": "string",
              "minLength": 1
            },
            "prompts": {
              "description": "{{budget:/prompts}}",
              "type": "object",
              "minProperties": 1,
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": { "$ref": "#/$defs/prompt" }
            },
            "limits": {
              "description": "{{budget:/limits}}",
              "type": ["array", "null"],
              "items": { "$ref": "#/$defs/limit" }
            },
            "gaps": {
              "description": "{{budget:/gaps}}",
              "type": ["array", "null"],
              "items": { "$ref": "#/$defs/gap" }
            },
            "lease": {
              "description": "{{budget:/lease}}",
              "$ref": "#/$defs/duration",
              "default": "30s"
            },
            "lint": {
              "description": "{{budget:/lint}}",
              "type": ["object", "null"],
              "properties": {
                "allow": {
                  "description": "{{budget:/lint/allow}}",
                  "type": ["array", "null"],
                  "items": { "enum": ["ignores_budget", "unlimited", "channel_decide_testflight"] }
                }
              },
              "additionalProperties": false
            },
            "renamed": {
              "description": "{{budget:/renamed}}",
              "type": ["object", "null"],
              "properties": {
                "prompts": {
                  "description": "{{budget:/renamed/prompts}}",
                  "type": ["object", "null"],
                  "additionalProperties": { "type": "string", "pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]*$" },
                  "examples": [{ "rate_us": "review" }]
                }
              },
              "additionalProperties": false
            }
          },
          "additionalProperties": false,
          "$defs": {
            "prompt": {
              "description": "One prompt: its priority, and the policy that decides it first (none: an external prompt, which the app names as wanted and only the budget decides).",
              "type": "object",
              "required": ["priority"],
              "properties": {
                "priority": {
                  "description": "{{budget:/prompts/*/priority}}",
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 100
                },
                "policy": {
                  "description": "{{budget:/prompts/*/policy}}",
                  "type": ["string", "null"],
                  "minLength": 1
                },
                "ignores_budget": {
                  "description": "{{budget:/prompts/*/ignores_budget}}",
                  "type": ["boolean", "null"],
                  "default": false
                },
                "state_error": {
                  "description": "{{budget:/prompts/*/state_error}}",
                  "enum": ["allow", "block"],
                  "default": "block"
                },
                "channels": {
                  "description": "{{budget:/prompts/*/channels}}",
                  "type": ["object", "null"],
                  "properties": {
                    "testflight": {
                      "description": "{{budget:/prompts/*/channels/testflight}}",
                      "enum": ["decide", "block", "no_quota"]
                    },
                    "development": {
                      "description": "{{budget:/prompts/*/channels/development}}",
                      "enum": ["decide", "block", "no_quota"]
                    }
                  },
                  "additionalProperties": false,
                  "examples": [{ "testflight": "block", "development": "no_quota" }]
                }
              },
              "additionalProperties": false,
              "examples": [{ "priority": 50, "policy": "review.yaml" }]
            },
            "limit": {
              "description": "At most `max` prompts shown per `per`: a rolling duration, `session` (a launch starts one), or a lifetime when left out.",
              "type": "object",
              "required": ["max"],
              "properties": {
                "max": { "description": "{{budget:/limits/*/max}}", "type": "integer", "minimum": 1 },
                "per": {
                  "description": "{{budget:/limits/*/per}}",
                  "anyOf": [{ "$ref": "#/$defs/duration" }, { "const": "session" }]
                }
              },
              "additionalProperties": false,
              "examples": [{ "max": 1, "per": "1d" }, { "max": 1, "per": "session" }]
            },
            "gap": {
              "description": "At least `min` between a prompt shown of the `after` kind and a prompt of the `before` kind.",
              "type": "object",
              "required": ["min"],
              "properties": {
                "after": { "description": "{{budget:/gaps/*/after}}", "$ref": "#/$defs/identifier" },
                "before": { "description": "{{budget:/gaps/*/before}}", "$ref": "#/$defs/identifier" },
                "min": { "description": "{{budget:/gaps/*/min}}", "$ref": "#/$defs/duration" }
              },
              "additionalProperties": false,
              "examples": [{ "min": "2h" }, { "after": "paywall", "before": "review", "min": "3d" }]
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
