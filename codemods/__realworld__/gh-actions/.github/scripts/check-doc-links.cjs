// Fails the check when the PR description cites a klappy:// document that does not exist.
const ODDKIT = process.env.ODDKIT_URL || 'https://oddkit.klappy.dev/mcp'

async function getDoc (uri) {
  const res = await fetch(ODDKIT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: uri,
      method: 'tools/call',
      params: { name: 'oddkit_get', arguments: { input: uri } }
    })
  })
  const rpc = await res.json()
  return JSON.parse(rpc.result.content[0].text).result
}

module.exports = async ({ context, core }) => {
  const text = context.payload.pull_request.body || ''
  const cited = [...new Set(text.match(/klappy:\/\/[\w/.-]+/g) || [])]
  const missing = []
  for (const uri of cited) {
    const doc = await getDoc(uri)
    if (doc.error) missing.push(uri)
  }
  if (missing.length) core.setFailed(`unknown documents cited: ${missing.join(', ')}`)
  return { cited: cited.length, missing }
}
