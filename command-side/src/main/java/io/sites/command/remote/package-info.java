/**
 * Remote files of a publish, the files a client gives by reference instead of inline: upload slots (allocated per
 * path, filled by a tokenless PUT whose URL is the credential, used up by the one publish that claims them) and
 * sourceUrl fetching (every address checked, public ones only; every hop resolved once; the bytes streamed into the
 * blob store, or for a dry run into ScratchBlobs, deleted afterwards). PublishRemoteFiles resolves both for one
 * publish. PublishService uses PublishRemoteFiles and Uploads; app's UploadsController uses Uploads; AddressPolicy
 * and FetchTls are public only so that tests can replace them.
 */
package io.sites.command.remote;
