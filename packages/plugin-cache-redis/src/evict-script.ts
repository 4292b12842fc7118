/**
 * Bumps the shared version of each tag and publishes the new versions, atomically (so no instance can see a bump
 * without its message or the reverse). The hash keeps a random `@epoch`, set once: if the hash is ever lost (an
 * eviction policy, a flush), a new epoch makes every entry stamped under the old one stale instead of current.
 *
 * KEYS[1] the versions hash; ARGV[1] an epoch to set if there is none; ARGV[2] the channel; ARGV[3] the sending
 * instance; ARGV[4…] the tags. Returns the epoch, then each tag's new version.
 */
export const EVICT_SCRIPT = `
redis.call('HSETNX', KEYS[1], '@epoch', ARGV[1])
local epoch = redis.call('HGET', KEYS[1], '@epoch')
local tags = {}
local versions = {}
for i = 4, #ARGV do
  tags[#tags + 1] = ARGV[i]
  versions[#versions + 1] = redis.call('HINCRBY', KEYS[1], ARGV[i], 1)
end
redis.call('PUBLISH', ARGV[2], cjson.encode({ i = ARGV[3], e = epoch, t = tags, v = versions }))
local reply = { epoch }
for i = 1, #versions do reply[#reply + 1] = versions[i] end
return reply
`
