extension JSONSchema {
    /// The JSON Schema of a person record (Semantics §16.5): `schemas/person.schema.json`, for the
    /// server or store that carries a person's record between their devices.
    ///
    /// A key's `"description": "{{FILE:PATH}}"` is its words (`Words/KeyWords+Files.swift`); run
    /// `REVIEWGATE_UPDATE_SCHEMAS=1 swift test --filter SchemaFiles` to rewrite the file in `schemas/`.
    static let personText = ##"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "ReviewGate person record",
          "description": "One person's asks and answers on every device they use, as Prompter.personRecord() and `reviewgate person export` write it and Prompter.merge(_:), `record --merge` and `reviewgate person merge` read it (ReviewGate Semantics §16.5). JSON.",
          "type": "object",
          "required": ["reviewgate_person"],
          "properties": {
            "reviewgate_person": {
              "description": "{{person:/reviewgate_person}}",
              "const": 1,
              "examples": [1]
            },
            "user_id": {
              "description": "{{person:/user_id}}",
              "type": "string",
              "examples": ["u-8c1f"]
            },
            "asks": {
              "description": "{{person:/asks}}",
              "type": "array",
              "items": { "$ref": "#/$defs/personAsk" },
              "default": []
            },
            "answers": {
              "description": "{{person:/answers}}",
              "type": "array",
              "items": { "$ref": "#/$defs/personAnswer" },
              "default": []
            }
          },
          "additionalProperties": false,
          "$defs": {
            "personAsk": {
              "description": "One ask, on one device.",
              "type": "object",
              "required": ["at", "device"],
              "properties": {
                "at": { "description": "{{person:/asks/*/at}}", "$ref": "#/$defs/time" },
                "device": { "description": "{{person:/asks/*/device}}", "type": "string" },
                "prompt": { "description": "{{person:/asks/*/prompt}}", "$ref": "#/$defs/identifier", "default": "review" },
                "short": { "description": "{{person:/asks/*/short}}", "type": "string" },
                "build": { "description": "{{person:/asks/*/build}}", "type": "string" }
              },
              "additionalProperties": false,
              "examples": [{ "at": "2026-11-02T10:00:00Z", "device": "d-3f9a61c0", "prompt": "review", "short": "1.4.0", "build": "142" }]
            },
            "personAnswer": {
              "description": "One answer, on one device.",
              "type": "object",
              "required": ["at", "device", "kind"],
              "properties": {
                "at": { "description": "{{person:/answers/*/at}}", "$ref": "#/$defs/time" },
                "device": { "description": "{{person:/answers/*/device}}", "type": "string" },
                "prompt": { "description": "{{person:/answers/*/prompt}}", "$ref": "#/$defs/identifier", "default": "review" },
                "kind": { "description": "{{person:/answers/*/kind}}", "$ref": "#/$defs/responseKind" }
              },
              "additionalProperties": false,
              "examples": [{ "at": "2026-11-02T10:01:00Z", "device": "d-3f9a61c0", "prompt": "review", "kind": "rated" }]
            },
            "responseKind": {
              "description": "An answer: `rated`, `declined` or `later`; the policy's `responses` say what each does.",
              "enum": ["rated", "declined", "later"]
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
            }
          }
        }
        """##
}
