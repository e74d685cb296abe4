# Definition: an extends to its base, a missing base to nothing, a renamed event to its entry.
--> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file://${ROOT}","capabilities":{}}}
<-- {"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":1,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," "]},"codeActionProvider":{"codeActionKinds":["quickfix"]},"definitionProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true},"serverInfo":{"name":"reviewgate","version":"test"}}}
--> {"jsonrpc":"2.0","method":"initialized","params":{}}
--> {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateTests/Fixtures/extends/child.yaml","languageId":"yaml","version":1,"text":"reviewgate: 1\nextends: base.yaml\nname: child\ntriggers:\n  done: {scenes: [Main]}\nguards:\n  cooldown: 14d\n"}}}
--> {"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateTests/Fixtures/extends/child.yaml"},"position":{"line":1,"character":10}}}
<-- {"jsonrpc":"2.0","id":2,"result":{"uri":"file://${ROOT}/Tests/ReviewGateTests/Fixtures/extends/base.yaml","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}}
--> {"jsonrpc":"2.0","id":3,"method":"textDocument/definition","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateTests/Fixtures/extends/child.yaml"},"position":{"line":1,"character":2}}}
<-- {"jsonrpc":"2.0","id":3,"result":null}
--> {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/renamed.yaml","languageId":"yaml","version":1,"text":"reviewgate: 1\nname: renamed\ntriggers:\n  done: {event: task_finished, at_least: 3}\nrenamed:\n  events: {task_done: task_finished}\nextends: nowhere.yaml\nguards: {cooldown: 30d}\n"}}}
--> {"jsonrpc":"2.0","id":4,"method":"textDocument/definition","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/renamed.yaml"},"position":{"line":3,"character":20}}}
<-- {"jsonrpc":"2.0","id":4,"result":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/renamed.yaml","range":{"start":{"line":5,"character":11},"end":{"line":5,"character":20}}}}
--> {"jsonrpc":"2.0","id":5,"method":"textDocument/definition","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/renamed.yaml"},"position":{"line":6,"character":11}}}
<-- {"jsonrpc":"2.0","id":5,"result":null}
--> {"jsonrpc":"2.0","id":6,"method":"textDocument/definition","params":{"textDocument":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/renamed.yaml"},"position":{"line":7,"character":12}}}
<-- {"jsonrpc":"2.0","id":6,"result":null}
== quiet
<-- {"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file://${ROOT}/Tests/ReviewGateTests/Fixtures/extends/child.yaml","version":1,"diagnostics":[]}}
<-- {"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file://${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/renamed.yaml","version":1,"diagnostics":[{"range":{"start":{"line":6,"character":9},"end":{"line":6,"character":21}},"severity":1,"code":"extends","source":"reviewgate","message":"extends names nowhere.yaml (${ROOT}/Tests/ReviewGateLanguageServerTests/Transcripts/files/nowhere.yaml), which cannot be read: no such file"}]}}
--> {"jsonrpc":"2.0","id":7,"method":"shutdown"}
<-- {"jsonrpc":"2.0","id":7,"result":null}
--> {"jsonrpc":"2.0","method":"exit"}
