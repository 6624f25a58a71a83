import { describe, expect, it } from 'vitest';
import { cgroupV2Dir } from '../../../src/main/supervisor/child-cgroup';

const HYBRID = [
  '35 26 0:30 / /sys/fs/cgroup/memory rw,relatime shared:12 - cgroup cgroup rw,memory',
  '36 26 0:31 / /sys/fs/cgroup/unified rw,relatime shared:13 - cgroup2 cgroup2 rw',
].join('\n');

describe('cgroupV2Dir', () => {
  it('finds our cgroup under a cgroup2 mount of the whole hierarchy (hybrid host: the unified mount)', () => {
    expect(cgroupV2Dir('4:memory:/x\n0::/\n', HYBRID)).toBe('/sys/fs/cgroup/unified');
    expect(cgroupV2Dir('0::/user.slice/user-1000.slice/app.scope\n', '30 1 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw'))
      .toBe('/sys/fs/cgroup/user.slice/user-1000.slice/app.scope');
  });

  it('strips the mount\'s own root when only part of the hierarchy is mounted', () => {
    const mountinfo = '40 30 0:26 /user.slice /mnt/cg\\040user rw - cgroup2 cgroup2 rw';
    expect(cgroupV2Dir('0::/user.slice/app.scope\n', mountinfo)).toBe('/mnt/cg user/app.scope');
    expect(cgroupV2Dir('0::/system.slice/x.service\n', mountinfo)).toBeNull();
  });

  it('is null without a cgroup v2 hierarchy or a mount of it', () => {
    expect(cgroupV2Dir('4:memory:/x\n', HYBRID)).toBeNull();
    expect(cgroupV2Dir('0::/\n', '35 26 0:30 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory')).toBeNull();
  });
});
