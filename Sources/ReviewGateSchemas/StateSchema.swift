extension JSONSchema {
    /// The JSON Schema of a state file (Semantics §3): `schemas/state.schema.json`.
    ///
    /// Edit the schema here, then run `REVIEWGATE_UPDATE_SCHEMAS=1 swift test --filter SchemaFiles` to rewrite
    /// the file in `schemas/`; the test fails while the two differ.
    static let stateText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate state",
          "description": "What the app knows about one person on one device: install time, launches, event counts, app version, earlier asks, answers to the app's own pre-prompt, flags and attributes (ReviewGate Semantics §3). JSON or YAML.",
          "type": "object",
          "required": ["reviewgate_state", "installed_at", "app"],
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
              "description": "When the app was installed (its first launch).",
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
          "additionalProperties": false,
          "$defs": {
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
