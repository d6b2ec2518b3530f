/**
 * Upload slots: allocated per path, filled by a tokenless PUT whose URL is the credential, used up by the one publish
 * that claims them. PublishService and app's UploadsController use Uploads.
 */
package io.sites.command.upload;
