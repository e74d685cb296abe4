# Messages that are not requests the server answers: each gets an error response or is ignored as LSP says.
--> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file://${ROOT}","capabilities":{}}}
<-- {"jsonrpc":"2.0","id":1,"result":{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":1,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," "]},"codeActionProvider":{"codeActionKinds":["quickfix"]},"definitionProvider":true,"documentSymbolProvider":true,"inlayHintProvider":true},"serverInfo":{"name":"reviewgate","version":"test"}}}
--> {"jsonrpc":"2.0","method":"initialized","params":{}}
--> {"jsonrpc":"2.0","id":2,"method":
<-- {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is not JSON: the file ends where the value of \"method\" was expected"}}
--> [1,2,3]
<-- {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message is a JSON object; found a list"}}
--> "a string"
<-- {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a message is a JSON object; found the string \"a string\""}}
--> {"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/hover"}
<-- {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a request id is a number or a string"}}
--> {"jsonrpc":"2.0","id":3}
<-- {"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"a message without a method"}}
--> {"jsonrpc":"2.0","id":4,"result":null}
--> {"jsonrpc":"2.0","id":2,"method":"textDocument/rename","params":{"textDocument":{"uri":"file://${ROOT}/x.yaml"},"position":{"line":0,"character":0},"newName":"y"}}
<-- {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"reviewgate lsp does not answer textDocument/rename"}}
--> {"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{"query":"x"}}
<-- {"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"reviewgate lsp does not answer workspace/symbol"}}
--> {"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://${ROOT}/x.yaml"}}}
<-- {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"expected textDocument.uri and a position {line, character}"}}
--> {"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://${ROOT}/x.yaml"},"position":{"line":-1,"character":0}}}
<-- {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"expected textDocument.uri and a position {line, character}"}}
--> {"jsonrpc":"2.0","id":6,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file://${ROOT}/x.yaml"}}}
<-- {"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"expected textDocument.uri and a range"}}
--> {"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{}}
<-- {"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"expected textDocument.uri"}}
--> {"jsonrpc":"2.0","id":8,"method":"textDocument/inlayHint","params":{"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}}}}
<-- {"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"expected textDocument.uri"}}
--> {"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"textDocument":{"uri":"file://${ROOT}/not-open.yaml"},"position":{"line":0,"character":0}}}
<-- {"jsonrpc":"2.0","id":9,"result":null}
--> {"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}
--> {"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}
--> {"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{}}}
--> {"jsonrpc":"2.0","id":"text-id","method":"shutdown"}
<-- {"jsonrpc":"2.0","id":"text-id","result":null}
--> {"jsonrpc":"2.0","method":"exit"}
