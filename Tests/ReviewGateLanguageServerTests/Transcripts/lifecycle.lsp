# initialize, a second initialize, shutdown, then a request after it: LSP 3.17 lifecycle.
--> {"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://${ROOT}/policies/apple-sample.yaml"},"position":{"line":0,"character":0}}}
<-- {"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"the server is not initialized: send initialize first"}}
--> {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://${ROOT}/policies/apple-sample.yaml","languageId":"yaml","version":1,"text":"x: 1\n"}}}
== quiet
--> {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"processId":null,"rootUri":"file://${ROOT}","capabilities":{}}}
<-- {"jsonrpc":"2.0","id":2,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":1,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," "]},"codeActionProvider":{"codeActionKinds":["quickfix"]},"definitionProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true},"serverInfo":{"name":"reviewgate","version":"test"}}}
--> {"jsonrpc":"2.0","method":"initialized","params":{}}
--> {"jsonrpc":"2.0","id":3,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
<-- {"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"the server is already initialized"}}
--> {"jsonrpc":"2.0","id":4,"method":"shutdown"}
<-- {"jsonrpc":"2.0","id":4,"result":null}
--> {"jsonrpc":"2.0","id":5,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file://${ROOT}/policies/apple-sample.yaml"}}}
<-- {"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"the server is shutting down: only exit is taken"}}
--> {"jsonrpc":"2.0","method":"exit"}
