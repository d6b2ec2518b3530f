package io.sites.site.directory;

import io.sites.api.id.WebsiteId;
import io.sites.site.directory.SiteDirectory.Site;
import io.sites.site.directory.SiteDirectory.Stored;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The site directory's snapshot as a stream of compact binary records (the caller gzips it and checksums the whole):
 * per site its ids, flags and, per stored version, three numbers (version, the publishing event's sequence number,
 * when), never a manifest: those are read from the event store on demand, so a million sites restore in seconds.
 * Numbers as varints, strings as one byte per character when all are ASCII (else two, a lone surrogate included).
 * Written and read in one pass, without a tree of the whole in memory.
 */
final class DirectorySnapshotFormat {
    /**
     * "SDS" and the format's version. Version 2 held every manifest and no sequence numbers, so it cannot say where
     * a manifest is: it is skipped (a sound version 3 one, or the stream, is read instead), never half served.
     */
    static final int MAGIC = 0x53445303;
    private static final int END = 0x454e44;

    /** What a snapshot holds: the token as Axon serialized it, and the directory. */
    record Contents(String tokenType, String tokenRevision, byte[] token, List<Site> sites,
            Map<String, String> hostnames, Map<String, String> chosenApexes) {
    }

    private DirectorySnapshotFormat() {
    }

    static void write(Contents contents, DataOutputStream out) throws IOException {
        out.writeInt(MAGIC);
        writeString(out, contents.tokenType());
        writeString(out, contents.tokenRevision() == null ? "" : contents.tokenRevision());
        varint(out, contents.token().length);
        out.write(contents.token());
        varint(out, contents.sites().size());
        for (Site site : contents.sites()) {
            writeString(out, site.websiteId().value());
            writeString(out, site.slug());
            out.writeBoolean(site.deleted());
            writeString(out, site.passwordHash() == null ? "" : site.passwordHash());
            varint(out, site.storedVersions().size());
            for (Stored version : site.storedVersions()) {
                writeVersion(out, version);
            }
            Stored live = site.live();
            varint(out, live == null ? 0 : live.number());
            boolean stored = live == null || site.storedVersions().contains(live);
            out.writeBoolean(stored);
            if (!stored) {
                writeVersion(out, live);
            }
        }
        writeMap(out, contents.hostnames());
        writeMap(out, contents.chosenApexes());
        out.writeInt(END);
    }

    /** The snapshot's contents, its sites bound to {@code directory}'s manifests. */
    static Contents read(DataInputStream in, SiteDirectory directory) throws IOException {
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new IOException(String.format("a snapshot of format %08x, not %08x (this build's)", magic, MAGIC));
        }
        String tokenType = readString(in);
        String revision = readString(in);
        byte[] token = new byte[readVarint(in)];
        in.readFully(token);
        int count = readVarint(in);
        List<Site> sites = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            WebsiteId websiteId = new WebsiteId(readString(in));
            String slug = readString(in);
            boolean deleted = in.readBoolean();
            String password = readString(in);
            int versionCount = readVarint(in);
            Stored[] versions = new Stored[versionCount];
            for (int v = 0; v < versionCount; v++) {
                versions[v] = readVersion(in);
            }
            int liveNumber = readVarint(in);
            Stored live = in.readBoolean() ? numbered(versions, liveNumber) : readVersion(in);
            sites.add(directory.site(websiteId, slug, liveNumber == 0 ? null : live, List.of(versions), deleted,
                    password.isEmpty() ? null : password));
        }
        Map<String, String> hostnames = readMap(in);
        Map<String, String> chosenApexes = readMap(in);
        if (in.readInt() != END) {
            throw new IOException("the snapshot does not end where it should");
        }
        return new Contents(tokenType, revision.isEmpty() ? null : revision, token, sites, hostnames, chosenApexes);
    }

    private static Stored numbered(Stored[] versions, int number) throws IOException {
        for (Stored version : versions) {
            if (version.number() == number) {
                return version;
            }
        }
        if (number == 0) {
            return null;
        }
        throw new IOException("the live version " + number + " is not among the stored ones");
    }

    private static void writeVersion(DataOutputStream out, Stored version) throws IOException {
        varint(out, version.number());
        varlong(out, version.sequence());
        varlong(out, version.publishedAtMillis());
    }

    private static Stored readVersion(DataInputStream in) throws IOException {
        return new Stored(readVarint(in), readVarlong(in), readVarlong(in));
    }

    private static void writeMap(DataOutputStream out, Map<String, String> map) throws IOException {
        Map<String, String> entries = map == null ? Map.of() : map;
        varint(out, entries.size());
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            writeString(out, entry.getKey());
            writeString(out, entry.getValue());
        }
    }

    private static Map<String, String> readMap(DataInputStream in) throws IOException {
        int count = readVarint(in);
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            map.put(readString(in), readString(in));
        }
        return map;
    }

    /**
     * Twice the length, plus one when a character is not ASCII: then every character as its two bytes (a lone
     * surrogate too), else one byte each, read back as a compact Latin-1 string without decoding.
     */
    private static void writeString(DataOutputStream out, String text) throws IOException {
        boolean ascii = true;
        for (int i = 0; i < text.length() && ascii; i++) {
            ascii = text.charAt(i) < 0x80;
        }
        varint(out, text.length() * 2 + (ascii ? 0 : 1));
        if (ascii) {
            out.write(text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        } else {
            out.writeChars(text);
        }
    }

    private static String readString(DataInputStream in) throws IOException {
        int header = readVarint(in);
        int length = header >>> 1;
        if ((header & 1) == 0) {
            byte[] bytes = new byte[length];
            in.readFully(bytes);
            return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = in.readChar();
        }
        return new String(chars);
    }

    private static void varint(DataOutputStream out, int value) throws IOException {
        varlong(out, value & 0xffffffffL);
    }

    private static void varlong(DataOutputStream out, long value) throws IOException {
        long rest = value;
        while ((rest & ~0x7fL) != 0) {
            out.write((int) (rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    private static int readVarint(DataInputStream in) throws IOException {
        long value = readVarlong(in);
        if (value > Integer.MAX_VALUE) {
            throw new IOException("a count out of range");
        }
        return (int) value;
    }

    private static long readVarlong(DataInputStream in) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("a number out of range");
    }

    /**
     * A buffer without a lock in front of the inflater: {@code BufferedInputStream} takes its lock on every
     * {@code read()}, and a million sites' varints are tens of millions of single-byte reads (measured: about a third
     * of a restore's time).
     */
    static final class Unlocked extends InputStream {
        private final InputStream in;
        private final byte[] buffer = new byte[1 << 16];
        private int position;
        private int limit;

        Unlocked(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            if (position == limit && !fill()) {
                return -1;
            }
            return buffer[position++] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            if (position == limit && !fill()) {
                return -1;
            }
            int n = Math.min(length, limit - position);
            System.arraycopy(buffer, position, into, offset, n);
            position += n;
            return n;
        }

        private boolean fill() throws IOException {
            int n = in.read(buffer, 0, buffer.length);
            position = 0;
            limit = Math.max(n, 0);
            return n > 0;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
