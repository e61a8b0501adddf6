'use client';
/**
 * The camera preview with the camera and microphone pickers. The preview is muted (no echo) and
 * mirrored like a selfie camera; viewers see the unmirrored picture.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Form, Select, Skeleton } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import type { LiveMedia } from '@/features/live/media/useLiveMedia';
import css from './live-studio.module.css';

export default function DevicePanel({ media, overlay, disabled }: { media: LiveMedia; overlay?: ReactNode; disabled?: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = videoRef.current;
    if (v && v.srcObject !== media.media) {
      v.srcObject = media.media;
      if (media.media) void v.play().catch(() => undefined);
    }
  }, [media.media]);

  return (
    <div>
      <div className={css.videoBox}>
        <video ref={videoRef} className={css.video} muted autoPlay playsInline aria-label="Camera preview" hidden={!media.media} />
        {!media.media && (
          <div className={css.videoOff}>
            {media.opening ? (
              <Skeleton.Node active>
                <VideoCameraOutlined />
              </Skeleton.Node>
            ) : (
              <>
                <VideoCameraOutlined aria-hidden />
                <span>Your camera is off</span>
                <Button type="primary" onClick={() => void media.open()}>
                  Turn on camera
                </Button>
              </>
            )}
          </div>
        )}
        {overlay && <div className={css.overlay}>{overlay}</div>}
      </div>
      {media.mediaError && <Alert className={css.gap} type="error" showIcon role="alert" title={media.mediaError} />}
      <Form layout="vertical" component="div" className={css.pickers}>
        <Form.Item label="Camera" htmlFor="studio-camera">
          <Select
            id="studio-camera"
            className={css.select}
            value={media.cameraId}
            onChange={media.selectCamera}
            disabled={disabled || media.opening || media.devices.cameras.length === 0}
            placeholder={media.media ? 'Default camera' : 'Turn on the camera first'}
            options={media.devices.cameras.map((d) => ({ value: d.deviceId, label: d.label }))}
          />
        </Form.Item>
        <Form.Item label="Microphone" htmlFor="studio-microphone">
          <Select
            id="studio-microphone"
            className={css.select}
            value={media.microphoneId}
            onChange={media.selectMicrophone}
            disabled={disabled || media.opening || media.devices.microphones.length === 0}
            placeholder={media.media ? 'Default microphone' : 'Turn on the camera first'}
            options={media.devices.microphones.map((d) => ({ value: d.deviceId, label: d.label }))}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
