extension JSONSchema {
    /// The JSON Schema of a state file (Semantics §3): `schemas/state.schema.json`.
    ///
    /// The template of its shape: a key's `"description": "{{FILE:PATH}}"` is its words
    /// (`Words/KeyWords+*.swift`) and its `markdownDescription` is made from them (``render(_:snippets:)``).
    /// Edit the shape here and a key's words there, then run `REVIEWGATE_UPDATE_SCHEMAS=1 swift test
    /// --filter SchemaFiles` to rewrite the file in `schemas/`; the test fails while the two differ.
    static let stateText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate state",
          "description": "What the app knows about one person on one device: install time, launches, event counts, app version, earlier asks, answers to the app's own pre-prompt, flags and attributes (ReviewGate Semantics §3). JSON or YAML.",
          "type": "object",
          "required": ["reviewgate_state", "installed_at", "app"],
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
              "description": "{{state:/installed_at}}",
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
          "additionalProperties": false,
          "$defs": {
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
