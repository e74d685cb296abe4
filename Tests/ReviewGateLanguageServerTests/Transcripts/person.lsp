# A person's record (reviewgate_person) is checked as one, as validate checks it: its ask's missing device, and no policy's unknown keys.
--> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file://${ROOT}","capabilities":{}}}
<-- {"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":1,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," "]},"codeActionProvider":{"codeActionKinds":["quickfix"]},"definitionProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true},"serverInfo":{"name":"reviewgate","version":"test"}}}
--> {"jsonrpc":"2.0","method":"initialized","params":{}}
--> {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/person.json","languageId":"json","version":1,"text":"{\"reviewgate_person\": 1, \"user_id\": \"u-1\",\n \"asks\": [{\"at\": \"2026-11-02T10:00:00Z\"}]}\n"}}}
== quiet
<-- {"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/person.json","version":1,"diagnostics":[{"range":{"start":{"line":1,"character":10},"end":{"line":1,"character":40}},"severity":1,"code":"missing-key","source":"reviewgate","message":"an ask is missing the required key \"device\""}]}}
--> {"jsonrpc":"2.0","id":2,"method":"shutdown"}
<-- {"jsonrpc":"2.0","id":2,"result":null}
--> {"jsonrpc":"2.0","method":"exit"}
