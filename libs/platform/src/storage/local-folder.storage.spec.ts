import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalFolderStorage } from './local-folder.storage';
import { describeObjectStorageContract } from './object-storage.contract';

describeObjectStorageContract(LocalFolderStorage.name, async () => {
  const rootDir = await mkdtemp(join(tmpdir(), 'curbside-storage-'));
  return {
    storage: new LocalFolderStorage(rootDir),
    teardown: () => rm(rootDir, { recursive: true, force: true }),
  };
});

describe(LocalFolderStorage.name, () => {
  let rootDir: string;
  let sut: LocalFolderStorage;

  beforeEach(async () => {
    rootDir = await mkdtemp(join(tmpdir(), 'curbside-storage-'));
    sut = new LocalFolderStorage(rootDir);
  });

  afterEach(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  it('leaves no temporary files behind after a failed upload', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('connection reset');
      })(),
    );

    await expect(sut.put('items/1.jpg', failing, 'image/jpeg')).rejects.toThrow('connection reset');

    expect(await readdir(join(rootDir, 'tmp'))).toEqual([]);
  });

  it('leaves no temporary files behind after a successful upload', async () => {
    await sut.put('items/1.jpg', Readable.from([Buffer.from('ok')]), 'image/jpeg');

    expect(await readdir(join(rootDir, 'tmp'))).toEqual([]);
  });

  it('removes directories that a delete leaves empty', async () => {
    await sut.put('items/2024/06/1.jpg', Buffer.from('x'), 'image/jpeg');

    await sut.delete('items/2024/06/1.jpg');

    expect(await readdir(join(rootDir, 'objects'))).toEqual([]);
    expect(await readdir(join(rootDir, 'meta'))).toEqual([]);
  });

  it('serves a data file whose sidecar is missing or corrupt as application/octet-stream', async () => {
    await sut.put('a.bin', Buffer.from('abc'), 'image/png');
    await writeFile(join(rootDir, 'meta', 'a.bin.json'), '{not json');

    expect(await sut.stat('a.bin')).toEqual({ key: 'a.bin', size: 3, contentType: 'application/octet-stream' });
  });

  it('keeps a key and the sidecar of another key apart', async () => {
    await sut.put('photo', Buffer.from('one'), 'image/jpeg');
    await sut.put('photo.json', Buffer.from('two'), 'application/json');

    expect(await sut.stat('photo')).toEqual({ key: 'photo', size: 3, contentType: 'image/jpeg' });
    expect(await sut.stat('photo.json')).toEqual({ key: 'photo.json', size: 3, contentType: 'application/json' });
  });

  it('reports unhealthy when the root cannot hold files', async () => {
    const blocker = join(rootDir, 'a-file');
    await writeFile(blocker, 'not a directory');

    await expect(new LocalFolderStorage(blocker).health()).rejects.toThrow();
  });
});
