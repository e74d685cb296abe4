extension JSONSchema {
    /// The JSON Schema of a budget file (Semantics §12): `schemas/budget.schema.json`. Edit here, then run
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
              "description": "The budget format version. Only 1 exists; a higher one needs a newer reviewgate.",
              "const": 1
            },
            "name": {
              "description": "The budget's name: lowercase letters, digits, `.`, `_` and `-`, starting with a letter or digit.",
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9._-]*$",
              "examples": ["calm-app"]
            },
            "description": {
              "description": "What the budget is for, for people.",
              "type": ["string", "null"]
            },
            "extends": {
              "description": "A budget to load first, by a path relative to this file; this file overrides it: `prompts` merge by name (each prompt's keys in turn), `lint` key by key, and `limits`, `gaps` and scalars replace. A key set to `null` removes the base's.",
              "type": "string",
              "minLength": 1
            },
            "prompts": {
              "description": "Every prompt the app shows, by name; the higher priority wins, file order breaks ties.",
              "type": "object",
              "minProperties": 1,
              "propertyNames": { "$ref": "#/$defs/identifier" },
              "additionalProperties": { "$ref": "#/$defs/prompt" }
            },
            "limits": {
              "description": "Limits over every prompt, counted from the shown ones.",
              "type": ["array", "null"],
              "items": { "$ref": "#/$defs/limit" }
            },
            "gaps": {
              "description": "Gaps between prompts: from a prompt shown of the `after` kind (any, when left out) to a prompt of the `before` kind (any, when left out).",
              "type": ["array", "null"],
              "items": { "$ref": "#/$defs/gap" }
            },
            "lease": {
              "description": "How long a granted prompt holds the budget before it is shown or released; longer than every policy's `presentation.delay`. Default: `30s`.",
              "$ref": "#/$defs/duration",
              "default": "30s"
            },
            "lint": {
              "description": "Warnings the team means, so that `validate --strict` passes.",
              "type": ["object", "null"],
              "properties": {
                "allow": {
                  "description": "Warning ids: `ignores_budget` (a prompt shown whatever the budget), `unlimited` (no limit and no gap).",
                  "type": ["array", "null"],
                  "items": { "enum": ["ignores_budget", "unlimited"] }
                }
              },
              "additionalProperties": false
            },
            "renamed": {
              "description": "Old prompt names whose asks, answers, leases and counters count as the new prompt's, for all the budget's policies (Semantics §14.4), which must rename them alike. Needs reviewgate 0.5.",
              "type": ["object", "null"],
              "properties": {
                "prompts": {
                  "description": "Old prompt name: new prompt name.",
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
                  "description": "1–100: the higher wins.",
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 100
                },
                "policy": {
                  "description": "The policy that decides this prompt, by a path relative to this file; its `prompt:` must be this prompt's name.",
                  "type": ["string", "null"],
                  "minLength": 1
                },
                "ignores_budget": {
                  "description": "Shown whatever the limits and gaps say; it still counts in them, and yields to a live lease and to priority. `validate` warns.",
                  "type": ["boolean", "null"],
                  "default": false
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
                "max": { "description": "The most prompts shown per `per`.", "type": "integer", "minimum": 1 },
                "per": {
                  "description": "A duration (`1d`), `session`, or left out for a lifetime.",
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
                "after": { "description": "The prompt whose showing starts the gap; any when left out.", "$ref": "#/$defs/identifier" },
                "before": { "description": "The prompt the gap holds back; any when left out.", "$ref": "#/$defs/identifier" },
                "min": { "description": "How long.", "$ref": "#/$defs/duration" }
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
