-- A headless Neovim 0.7 check of `reviewgate lsp`: the set-up a user's init.lua has (0.7 has no
-- vim.lsp.start, so the client is started once with vim.lsp.start_client and each YAML buffer under
-- policies/ attached to it), then, for the check, the diagnostics of the file opened, printed one a
-- line as `LINE:COL: SEVERITY: MESSAGE [code]` (1-based, as `reviewgate validate` prints places).
-- Run by check.sh: nvim --headless --clean -u init.lua FILE; exits 1 when no diagnostics come in 10 s.

-- The set-up: the guide's for Neovim 0.7 (Documentation/guides/in-your-editor.md, held to it by
-- LanguageServerClientTests), its command the binary REVIEWGATE_BIN names, else `reviewgate` on PATH.
local reviewgate = vim.env.REVIEWGATE_BIN or "reviewgate"

-- Neovim 0.7: one reviewgate lsp for the session, attached to the YAML files under policies/.
local client_id
vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    if not vim.api.nvim_buf_get_name(args.buf):find("/policies/", 1, true) then
      return
    end
    client_id = client_id or vim.lsp.start_client({
      name = "reviewgate",
      cmd = { reviewgate, "lsp" },
      root_dir = vim.fn.getcwd(),
    })
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})

-- The check. -----------------------------------------------------------------------------------

vim.opt.swapfile = false

local function out(line)
  io.stdout:write(line, '\n')
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    local buffer = vim.api.nvim_get_current_buf()
    local arrived = vim.wait(10000, function()
      return #vim.diagnostic.get(buffer) > 0
    end, 20)
    if not arrived then
      out(string.format('no diagnostics in 10 s for %s (client %s)', vim.api.nvim_buf_get_name(buffer),
        tostring(client_id)))
      vim.cmd('cquit 1')
      return
    end
    local diagnostics = vim.diagnostic.get(buffer)
    table.sort(diagnostics, function(a, b)
      return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
    end)
    for _, d in ipairs(diagnostics) do
      out(string.format('%d:%d: %s: %s [%s]', d.lnum + 1, d.col + 1, vim.diagnostic.severity[d.severity]:lower(),
        d.message, tostring(d.code)))
    end
    vim.cmd('qall!')
  end,
})
