// Comments on a pull request with the handbook pages that match its title.
// Run by actions/github-script (see .github/workflows/docs-bot.yml).
const ODDKIT = process.env.ODDKIT_URL || 'https://oddkit.klappy.dev/mcp'

module.exports = async ({ github, context, core }) => {
  const pr = context.payload.pull_request
  const res = await fetch(`${ODDKIT}?consumer=docs-bot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'oddkit_search', arguments: { input: pr.title } }
    })
  })
  const rpc = await res.json()
  const { result } = JSON.parse(rpc.result.content[0].text)
  if (!result.hits.length) {
    core.info('no matching handbook pages')
    return ''
  }
  const lines = result.hits.map(
    (hit) => `- [${hit.title}](https://klappy.dev/${hit.path.replace(/\.md$/, '')})`
  )
  const body = `📚 Handbook pages related to this change:\n\n${lines.join('\n')}`
  await github.rest.issues.createComment({
    owner: context.repo.owner,
    repo: context.repo.repo,
    issue_number: pr.number,
    body
  })
  core.setOutput('suggested', String(lines.length))
  return body
}
