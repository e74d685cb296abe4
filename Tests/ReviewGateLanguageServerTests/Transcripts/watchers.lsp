# A client that takes watchers registered at run time is asked to watch YAML and JSON files once it is initialized; its answer, a response, is taken without a word; a second initialized asks nothing again.
--> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file://${ROOT}","capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}}
<-- {"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":1,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," "]},"codeActionProvider":{"codeActionKinds":["quickfix"]},"definitionProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true},"serverInfo":{"name":"reviewgate","version":"test"}}}
--> {"jsonrpc":"2.0","method":"initialized","params":{}}
<-- {"jsonrpc":"2.0","id":"reviewgate-watch","method":"client/registerCapability","params":{"registrations":[{"id":"reviewgate-files","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/*.{yaml,yml,json}"}]}}]}}
--> {"jsonrpc":"2.0","id":"reviewgate-watch","result":null}
--> {"jsonrpc":"2.0","method":"initialized","params":{}}
--> {"jsonrpc":"2.0","id":2,"method":"shutdown"}
<-- {"jsonrpc":"2.0","id":2,"result":null}
--> {"jsonrpc":"2.0","method":"exit"}
