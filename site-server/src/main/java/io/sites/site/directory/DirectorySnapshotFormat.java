package io.sites.site.directory;

import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import io.sites.site.directory.SiteDirectory.Site;
import io.sites.site.directory.SiteDirectory.Version;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The site directory's snapshot as a stream of compact binary records (the caller gzips it and checksums the whole):
 * numbers as varints, a content type written once and then referred to by its index, a file's sha256 as its 32
 * bytes, strings as one byte per character when all are ASCII (else two, a lone surrogate included), so any path
 * the event store holds reads back. Written and read in one pass, without a tree of the whole in memory.
 */
final class DirectorySnapshotFormat {
    /** "SDS" and the format's version: a snapshot of another version is skipped (the stream is read instead). */
    static final int MAGIC = 0x53445302;
    private static final int END = 0x454e44;
    private static final HexFormat HEX = HexFormat.of();

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
        Map<String, Integer> types = new HashMap<>();
        varint(out, contents.sites().size());
        for (Site site : contents.sites()) {
            writeString(out, site.websiteId().value());
            writeString(out, site.slug());
            out.writeBoolean(site.deleted());
            writeString(out, site.passwordHash() == null ? "" : site.passwordHash());
            varint(out, site.versions().size());
            for (Version version : site.versions().values()) {
                writeVersion(out, version, types);
            }
            Version current = site.current();
            varint(out, current == null ? 0 : current.number());
            boolean stored = current == null || current.equals(site.versions().get(current.number()));
            out.writeBoolean(stored);
            if (!stored) {
                writeVersion(out, current, types);
            }
        }
        writeMap(out, contents.hostnames());
        writeMap(out, contents.chosenApexes());
        out.writeInt(END);
    }

    static Contents read(DataInputStream in) throws IOException {
        if (in.readInt() != MAGIC) {
            throw new IOException("not a site directory snapshot of this format");
        }
        String tokenType = readString(in);
        String revision = readString(in);
        byte[] token = new byte[readVarint(in)];
        in.readFully(token);
        List<String> types = new ArrayList<>();
        int count = readVarint(in);
        List<Site> sites = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            WebsiteId websiteId = new WebsiteId(readString(in));
            String slug = readString(in);
            boolean deleted = in.readBoolean();
            String password = readString(in);
            int versionCount = readVarint(in);
            Map<Integer, Version> versions = new HashMap<>(versionCount * 2);
            for (int v = 0; v < versionCount; v++) {
                Version version = readVersion(in, types);
                versions.put(version.number(), version);
            }
            int currentNumber = readVarint(in);
            Version current = in.readBoolean() ? versions.get(currentNumber) : readVersion(in, types);
            sites.add(new Site(websiteId, slug, currentNumber == 0 ? null : current, Map.copyOf(versions), deleted,
                    password.isEmpty() ? null : password));
        }
        Map<String, String> hostnames = readMap(in);
        Map<String, String> chosenApexes = readMap(in);
        if (in.readInt() != END) {
            throw new IOException("the snapshot does not end where it should");
        }
        return new Contents(tokenType, revision.isEmpty() ? null : revision, token, sites, hostnames, chosenApexes);
    }

    private static void writeVersion(DataOutputStream out, Version version, Map<String, Integer> types)
            throws IOException {
        varint(out, version.number());
        varlong(out, version.publishedAt().getEpochSecond());
        varint(out, version.publishedAt().getNano());
        varint(out, version.files().size());
        for (ManifestEntry file : version.files().values()) {
            writeString(out, file.path());
            Integer type = types.get(file.contentType());
            if (type == null) {
                types.put(file.contentType(), types.size());
                varint(out, 0);
                writeString(out, file.contentType());
            } else {
                varint(out, type + 1);
            }
            varlong(out, file.size());
            if (isHexDigest(file.sha256())) {
                out.writeBoolean(true);
                out.write(HEX.parseHex(file.sha256()));
            } else {
                out.writeBoolean(false);
                writeString(out, file.sha256());
            }
        }
    }

    private static Version readVersion(DataInputStream in, List<String> types) throws IOException {
        int number = readVarint(in);
        Instant publishedAt = Instant.ofEpochSecond(readVarlong(in), readVarint(in));
        int count = readVarint(in);
        @SuppressWarnings("unchecked")
        Map.Entry<String, ManifestEntry>[] files = new Map.Entry[count];
        byte[] digest = new byte[32];
        for (int i = 0; i < count; i++) {
            String path = readString(in);
            int type = readVarint(in);
            String contentType;
            if (type == 0) {
                contentType = readString(in);
                types.add(contentType);
            } else {
                contentType = types.get(type - 1);
            }
            long size = readVarlong(in);
            String sha256;
            if (in.readBoolean()) {
                in.readFully(digest);
                sha256 = HEX.formatHex(digest);
            } else {
                sha256 = readString(in);
            }
            files[i] = Map.entry(path, new ManifestEntry(path, contentType, size, sha256));
        }
        return new Version(number, publishedAt, Map.ofEntries(files));
    }

    private static boolean isHexDigest(String text) {
        if (text.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
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
}
